import { Field, type FieldText } from "./Field.tsx";

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

/** A choice among fixed options, each shown by its label. */
export function SelectField<V extends string>(
  props: FieldText & { value: V; options: readonly SelectOption<V>[]; onChange: (value: V) => void },
) {
  const { value, options, onChange, ...field } = props;
  return (
    <Field {...field}>
      {(control) => (
        <select
          {...control}
          className="input"
          value={value}
          // The select offers only the options' values.
          onChange={(event) => onChange(event.target.value as V)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
