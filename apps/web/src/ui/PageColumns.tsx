import type { ReactNode } from "react";
import "./panels.css";

/** A page's two columns: the main work on the left, its settings beside it (stacked when narrow). */
export function PageColumns({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <div className="page-columns">
      <div className="page-columns-main">{main}</div>
      <div className="page-columns-side">{side}</div>
    </div>
  );
}
