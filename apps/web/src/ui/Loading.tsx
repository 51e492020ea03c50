import "./panels.css";

/** A quiet loading line, announced politely. */
export function Loading({ label = "Loading…" }: { label?: string }) {
  return (
    <p className="loading" role="status">
      <span className="loading-dot" aria-hidden="true" />
      {label}
    </p>
  );
}
