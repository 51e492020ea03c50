import type { ReactNode } from "react";
import "./panels.css";

/** What an empty list says: that it is empty, and what to do next. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="empty-state">{children}</p>;
}
