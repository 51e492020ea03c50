import type { Deletion } from "@guilds/client/apiTypes";
import { Button } from "./Button.tsx";
import "./panels.css";

/** After a deletion: what was deleted, what went with it, and what the server kept (and why). */
export function DeletionNotice({ deletion, onDismiss }: { deletion: Deletion; onDismiss: () => void }) {
  const removed = deletion.removed.length === 0 ? "" : ` with ${deletion.removed.join(", ")}`;
  return (
    <div className="deletion-notice" role="status">
      <div className="deletion-notice-text">
        <p>
          <strong>
            Deleted the {deletion.deleted} {deletion.name}
          </strong>
          {removed}.
        </p>
        {deletion.kept.map((line) => (
          <p key={line} className="deletion-notice-kept">
            Kept {line}.
          </p>
        ))}
      </div>
      <Button variant="quiet" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
