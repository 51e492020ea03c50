import type { MachineLimitErrors, MachineLimitValues } from "./machineLimitsForm.ts";
import { TextField } from "./TextField.tsx";
import "./forms.css";

interface LimitField {
  field: keyof MachineLimitValues;
  label: string;
  hint: string;
}

/** The fields, two to a row. */
const LIMIT_ROWS: LimitField[][] = [
  [
    { field: "memory", label: "Memory", hint: "Tmpfs included, such as 4G or 512M." },
    { field: "pids", label: "Processes", hint: "Processes and threads at once." },
  ],
  [
    { field: "cpus", label: "CPUs", hint: "Cores; 0.5 is half of one." },
    { field: "disk", label: "Disk", hint: "The home's size, such as 20G." },
  ],
];

/**
 * The agent's machine limits, each blank for the default. `placeholders` shows what a blank field
 * gives (the agent's effective limits); a new agent has none yet, so it shows "default".
 */
export function MachineLimitFields({
  values,
  errors,
  placeholders,
  onChange,
}: {
  values: MachineLimitValues;
  errors: MachineLimitErrors;
  placeholders?: MachineLimitValues;
  onChange: (patch: Partial<MachineLimitValues>) => void;
}) {
  const placeholder = (field: keyof MachineLimitValues) => placeholders?.[field] ?? "default";
  return (
    <fieldset className="fieldset">
      <legend>Machine limits</legend>
      <p className="fieldset-hint">
        What the agent's machine may use of this host. Blank takes the default, within the server's maximum; a
        change takes effect at the machine's next start.
      </p>
      {LIMIT_ROWS.map((row) => (
        <div key={row.map(({ field }) => field).join()} className="field-row">
          {row.map(({ field, label, hint }) => (
            <TextField
              key={field}
              label={label}
              optional
              hint={hint}
              error={errors[field]}
              mono
              value={values[field]}
              placeholder={placeholder(field)}
              onChange={(value) => onChange({ [field]: value })}
            />
          ))}
        </div>
      ))}
    </fieldset>
  );
}
