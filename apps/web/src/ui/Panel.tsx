import { type ReactNode, useId } from "react";
import "./panels.css";

/** A titled section of a page: its heading (h2), a line on what it is for, actions beside the title. */
export function Panel({
  title,
  description,
  actions,
  children,
  tone = "default",
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  /** "danger" for the section that deletes. */
  tone?: "default" | "danger";
}) {
  const headingId = useId();
  return (
    <section className={tone === "danger" ? "panel panel-danger" : "panel"} aria-labelledby={headingId}>
      <header className="panel-header">
        <div className="panel-heading">
          <h2 id={headingId}>{title}</h2>
          {description !== undefined && <p className="panel-description">{description}</p>}
        </div>
        {actions !== undefined && <div className="panel-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
