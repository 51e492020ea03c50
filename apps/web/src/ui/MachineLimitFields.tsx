import type { MachineLimitErrors, MachineLimitValues } from "./machineLimitsForm.ts";
import { TextField } from "./TextField.tsx";
import "./forms.css";

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
      <div className="field-row">
        <TextField
          label="Memory"
          optional
          hint="Tmpfs included, such as 4G or 512M."
          error={errors.memory}
          mono
          value={values.memory}
          placeholder={placeholder("memory")}
          onChange={(memory) => onChange({ memory })}
        />
        <TextField
          label="Processes"
          optional
          hint="Processes and threads at once."
          error={errors.pids}
          mono
          value={values.pids}
          placeholder={placeholder("pids")}
          onChange={(pids) => onChange({ pids })}
        />
      </div>
      <div className="field-row">
        <TextField
          label="CPUs"
          optional
          hint="Cores; 0.5 is half of one."
          error={errors.cpus}
          mono
          value={values.cpus}
          placeholder={placeholder("cpus")}
          onChange={(cpus) => onChange({ cpus })}
        />
        <TextField
          label="Disk"
          optional
          hint="The home's size, such as 20G."
          error={errors.disk}
          mono
          value={values.disk}
          placeholder={placeholder("disk")}
          onChange={(disk) => onChange({ disk })}
        />
      </div>
    </fieldset>
  );
}
