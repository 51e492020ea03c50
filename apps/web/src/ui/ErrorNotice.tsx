import { ApiError } from "../api/apiClient.ts";

/** An error said plainly: the server's message (what was wrong, how to fix it), with its code. */
export function ErrorNotice({ error, title }: { error: unknown; title?: string }) {
  if (error === null || error === undefined) return null;
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof ApiError ? error.code : null;
  return (
    <div role="alert" className="error-notice">
      {title !== undefined && <strong>{title}: </strong>}
      {message}
      {code !== null && <code className="error-code"> ({code})</code>}
    </div>
  );
}
