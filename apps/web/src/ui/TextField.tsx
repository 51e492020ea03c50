import { type Ref, useId } from "react";
import { Field, type FieldText } from "./Field.tsx";

/** Password managers leave a write-only value alone: nothing to fill in, nothing to save. */
const NOT_FOR_PASSWORD_MANAGERS = { "data-1p-ignore": true, "data-lpignore": "true" };

export interface TextFieldProps extends FieldText {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Code-like text (names, paths, URLs, keys): a monospace font. */
  mono?: boolean;
  /** Plain text when absent; "password" for a write-only value. */
  type?: "url" | "password";
  /** Values offered while typing (a datalist); any other is taken too. */
  suggestions?: readonly string[];
  autoCapitalize?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A one-line text field for names, paths, URLs and keys: no autocomplete, no spell check. */
export function TextField(props: TextFieldProps) {
  const {
    value,
    onChange,
    placeholder,
    mono = false,
    type,
    suggestions,
    autoCapitalize,
    ref,
    ...field
  } = props;
  const listId = useId();
  return (
    <Field {...field}>
      {(control) => (
        <>
          <input
            {...control}
            ref={ref}
            className={mono ? "input input-mono" : "input"}
            type={type}
            inputMode={type === "url" ? "url" : undefined}
            list={suggestions === undefined ? undefined : listId}
            value={value}
            placeholder={placeholder}
            onChange={(event) => onChange(event.target.value)}
            autoComplete="off"
            autoCapitalize={autoCapitalize}
            spellCheck={false}
            {...(type === "password" ? NOT_FOR_PASSWORD_MANAGERS : {})}
          />
          {suggestions !== undefined && (
            <datalist id={listId}>
              {suggestions.map((suggestion) => (
                <option key={suggestion} value={suggestion} />
              ))}
            </datalist>
          )}
        </>
      )}
    </Field>
  );
}
