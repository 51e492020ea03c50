import type { ReactNode } from "react";
import { Button } from "./Button.tsx";
import { ErrorNotice } from "./ErrorNotice.tsx";

/**
 * The end of a form: its submit button (busy while the request is out), what stands beside it (a
 * status, another action), and under them why the server refused the last request.
 */
export function FormActions(props: {
  submitLabel: string;
  busy: boolean;
  disabled?: boolean;
  error: unknown;
  errorTitle: string;
  children?: ReactNode;
}) {
  const { submitLabel, busy, disabled, error, errorTitle, children } = props;
  return (
    <>
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={busy} disabled={disabled}>
          {submitLabel}
        </Button>
        {children}
      </div>
      <ErrorNotice error={error} title={errorTitle} />
    </>
  );
}
