import { useEffect, useRef, useState } from "react";
import { Button, type ButtonVariant } from "./Button.tsx";
import "./forms.css";

/**
 * A button for what cannot be undone: the first press asks the question in place, with the
 * confirming button focused; Escape or "Keep" puts the original button back, focused.
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  busy = false,
  variant = "danger",
  accessibleLabel,
  prominent = false,
}: {
  label: string;
  /** "Delete the guild acme?": said before the confirming button. */
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  variant?: ButtonVariant;
  /** The first button's name for screen readers when `label` alone is ambiguous in a list. */
  accessibleLabel?: string;
  /** An outlined first button (a section of its own) rather than a quiet one (a row of a list). */
  prominent?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  const open = asking || busy;

  useEffect(() => {
    if (open) confirmRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      openRef.current?.focus();
    }
  }, [open]);

  const keep = () => {
    returnFocus.current = true;
    setAsking(false);
  };

  if (!open) {
    return (
      <Button
        ref={openRef}
        variant={prominent ? "secondary" : "quiet"}
        className={
          variant === "danger" ? (prominent ? "button-outline-danger" : "button-quiet-danger") : undefined
        }
        aria-label={accessibleLabel}
        onClick={() => setAsking(true)}
      >
        {label}
      </Button>
    );
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape on either button (bubbling here) cancels the question.
    <span
      className="confirm"
      onKeyDown={(event) => {
        if (event.key === "Escape" && !busy) {
          event.stopPropagation();
          keep();
        }
      }}
    >
      <span className="confirm-question">{question}</span>
      <Button
        ref={confirmRef}
        variant={variant}
        busy={busy}
        onClick={() => {
          // Back to the first button once the request ends (the parent shows any refusal).
          keep();
          onConfirm();
        }}
      >
        {confirmLabel}
      </Button>
      <Button variant="quiet" onClick={keep} disabled={busy}>
        Keep
      </Button>
    </span>
  );
}
