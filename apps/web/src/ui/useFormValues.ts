import { type FormEvent, useCallback, useState } from "react";
import { focusFirstInvalid } from "./focusFirstInvalid.ts";

export type FormErrors<V> = Partial<Record<keyof V, string>>;

/**
 * A form's values as typed and its per-field errors; changing a field clears that field's error,
 * so a message goes as soon as the operator starts fixing what it names.
 */
export function useFormValues<V extends object>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const change = useCallback((patch: Partial<V>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as (keyof V)[]) delete next[key];
      return next;
    });
  }, []);
  const reset = useCallback((next: V) => {
    setValues(next);
    setErrors({});
  }, []);
  /** A submit the form's own check refused: each field's error shown, the first such field focused. */
  const refuse = useCallback((event: FormEvent<HTMLFormElement>, refused: FormErrors<V>) => {
    setErrors(refused);
    focusFirstInvalid(event.currentTarget);
  }, []);
  return { values, errors, change, setErrors, reset, refuse };
}
