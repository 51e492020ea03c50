import type { ReactNode } from "react";
import "./panels.css";

/** The page's title (its one h1), what it is, and its page-wide actions. */
export function PageHeader({
  title,
  kicker,
  meta,
  actions,
}: {
  title: string;
  /** A word above the title: "Guild", "Agent". */
  kicker?: string;
  meta?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div className="page-header-text">
        {kicker !== undefined && <p className="page-header-kicker">{kicker}</p>}
        <h1>{title}</h1>
        {meta !== undefined && <div className="page-header-meta">{meta}</div>}
      </div>
      {actions !== undefined && <div className="page-header-actions">{actions}</div>}
    </header>
  );
}
