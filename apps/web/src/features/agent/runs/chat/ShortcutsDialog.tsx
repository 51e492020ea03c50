import { type KeyboardEvent, useEffect, useId, useRef } from "react";
import { Button } from "../../../../ui/Button.tsx";
import { FLOW_SHORTCUTS } from "./useFlowKeyboard.ts";

/**
 * The run flow's keyboard shortcuts, in a modal dialog. Escape closes it and only it: the open
 * call's detail, which Escape closes too, stays open.
 */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Escape") return;
    // Handled here, so the document's Escape (close the open call) leaves it.
    event.preventDefault();
    onClose();
  };
  return (
    <dialog
      ref={dialog}
      className="flow-shortcuts"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onClose={onClose}
    >
      <h2 id={titleId}>Keyboard shortcuts</h2>
      <dl>
        {FLOW_SHORTCUTS.map(([key, what]) => (
          <div key={key} className="flow-shortcut">
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
    </dialog>
  );
}
