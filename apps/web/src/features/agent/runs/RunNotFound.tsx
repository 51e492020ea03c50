import { Link } from "react-router";
import { ApiError } from "../../../api/apiClient.ts";
import "../../../ui/panels.css";

/** The server answered that it has no such run (an id mistyped, or of a run deleted with its agent). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * A run page for a run the server does not know: the server's answer and the way back, nothing else
 * (no header waiting for the run, no flow waiting for its events).
 */
export function RunNotFound({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : null;
  return (
    <div className="page">
      <div className="not-found" role="alert">
        <p className="page-header-kicker">Not found</p>
        <h1>There is no such run</h1>
        {message !== null && <p>{message}</p>}
        <p>
          Its agent's page lists its runs; start again from the <Link to="/">list of guilds</Link>.
        </p>
      </div>
    </div>
  );
}
