import type { ReactNode } from "react";
import { ApiError } from "../api/apiClient.ts";

/** An error said plainly: the server's message (what was wrong, how to fix it), with its code. */
export function ErrorNotice({ error, title }: { error: unknown; title?: string }) {
  if (error === null || error === undefined) return null;
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof ApiError ? error.code : null;
  return (
    <div role="alert" className="error-notice">
      {title !== undefined && <strong>{title}: </strong>}
      {withCode(message)}
      {code !== null && <code className="error-code"> ({code})</code>}
    </div>
  );
}

/** A message's `quoted` commands and names as code, without their backticks. */
function withCode(message: string): ReactNode[] {
  return message.split(/`([^`\n]+)`/).map((part, index) =>
    // The pieces of one fixed text, never reordered: their place is their identity.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    index % 2 === 1 ? <code key={index}>{part}</code> : part,
  );
}
