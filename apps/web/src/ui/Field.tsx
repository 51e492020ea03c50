import { type ReactNode, useId } from "react";
import "./forms.css";

/** What a control needs to be labelled and described by its field. */
export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

/** What a field says around its control. */
export interface FieldText {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
}

/**
 * A labelled form field: the label, the control (given its id and descriptions), a hint, and the
 * field's own error under it, announced with the control.
 */
export function Field({
  label,
  hint,
  error,
  optional = false,
  children,
}: FieldText & { children: (control: FieldControlProps) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint !== undefined ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label className="field-label" htmlFor={id}>
        {label}
        {optional && <span className="field-optional"> (optional)</span>}
      </label>
      {children({
        id,
        ...(describedBy === "" ? {} : { "aria-describedby": describedBy }),
        ...(error ? { "aria-invalid": true as const } : {}),
      })}
      {hint !== undefined && (
        <div className="field-hint" id={hintId}>
          {hint}
        </div>
      )}
      {error && (
        <div className="field-error" id={errorId}>
          {error}
        </div>
      )}
    </div>
  );
}

/** A checkbox with its label beside it, and a hint under both. */
export function CheckboxField({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="field field-checkbox">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint === undefined ? undefined : `${id}-hint`}
      />
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {hint !== undefined && (
        <div className="field-hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
    </div>
  );
}
