import { ErrorNotice } from "../../../../../ui/ErrorNotice.tsx";
import "./detail.css";

/** A task's log or diff that could not be read: what, why (the API's message), and a way to try again. */
export function ArtifactFailure({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <div className="detail-failure">
      <ErrorNotice error={error} title={title} />
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
