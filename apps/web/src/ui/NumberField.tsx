import { Field, type FieldText } from "./Field.tsx";

/** A whole number from `min` to `max`, kept as typed (a string) until the form is checked. */
export function NumberField(
  props: FieldText & { value: string; onChange: (value: string) => void; min: number; max: number },
) {
  const { value, onChange, min, max, ...field } = props;
  return (
    <Field {...field}>
      {(control) => (
        <input
          {...control}
          className="input"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
