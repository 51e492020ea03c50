import {
  IDLE_STOP_MINUTES_LIMIT,
  MAX_TOOL_CALLS_LIMIT,
  MODEL_PROVIDERS,
} from "@guilds/protocol/agentSettings";
import type { HarnessName } from "@guilds/protocol/harness";
import {
  type AgentFormErrors,
  type AgentFormValues,
  baseUrlUse,
  EFFORT_SUGGESTIONS,
  EXAMPLE_SCRIPT,
  HARNESS_CHOICES,
  HARNESS_DISPLAY_NAMES,
  MODEL_NAME_EXAMPLES,
  PROVIDER_KEY_SECRETS,
  PROVIDER_LABELS,
} from "./agentSettingsForm.ts";
import { Button } from "./Button.tsx";
import { CheckboxField, Field } from "./Field.tsx";
import { MachineLimitFields } from "./MachineLimitFields.tsx";
import type { MachineLimitValues } from "./machineLimitsForm.ts";
import { NumberField } from "./NumberField.tsx";
import { SelectField, type SelectOption } from "./SelectField.tsx";
import { TextField } from "./TextField.tsx";
import "./forms.css";

/** The id of the Harness fieldset: a link to `/agents/<id>#harness` brings the operator to it. */
export const HARNESS_FIELD_ID = "harness";

const PROVIDER_OPTIONS = MODEL_PROVIDERS.map((provider) => ({
  value: provider,
  label: PROVIDER_LABELS[provider],
}));
const HARNESS_OPTIONS: SelectOption<HarnessName | "">[] = [
  { value: "", label: "None" },
  ...HARNESS_CHOICES.map((harness) => ({ value: harness, label: HARNESS_DISPLAY_NAMES[harness] })),
];

/**
 * The fields of an agent's settings, shared by the create form and the settings form: its name,
 * the model of its own generations, the harness code_task drives, and its limits. The machine
 * limits' placeholders show what a blank one gives, when known (an existing agent's).
 */
export function AgentSettingsFields({
  values,
  errors,
  onChange,
  machineLimitPlaceholders,
}: {
  values: AgentFormValues;
  errors: AgentFormErrors;
  onChange: (patch: Partial<AgentFormValues>) => void;
  machineLimitPlaceholders?: MachineLimitValues;
}) {
  const baseUrlNeed = baseUrlUse(values.provider);
  const keySecret = PROVIDER_KEY_SECRETS[values.provider];
  return (
    <>
      <TextField
        label="Name"
        error={errors.name}
        value={values.name}
        onChange={(name) => onChange({ name })}
      />

      <fieldset className="fieldset">
        <legend>Model</legend>
        <p className="fieldset-hint">
          The model of the agent's own generations: it plans and calls the tools.
        </p>
        <div className="field-row">
          <SelectField
            label="Provider"
            hint={
              keySecret === null
                ? "Replays the script below: no model, no key."
                : `Its key: the secret ${keySecret} of the agent or its guild.`
            }
            value={values.provider}
            options={PROVIDER_OPTIONS}
            onChange={(provider) => onChange({ provider })}
          />
          <TextField
            label="Model name"
            error={errors.modelName}
            mono
            value={values.modelName}
            placeholder={MODEL_NAME_EXAMPLES[values.provider]}
            onChange={(modelName) => onChange({ modelName })}
          />
        </div>
        {baseUrlNeed !== "none" && (
          <TextField
            label="Base URL"
            optional={baseUrlNeed === "optional"}
            hint={
              baseUrlNeed === "required"
                ? "The API root of the server, such as http://127.0.0.1:8080/v1 or http://127.0.0.1:11434/v1."
                : "Leave blank for the provider's own endpoint."
            }
            error={errors.baseUrl}
            mono
            type="url"
            value={values.baseUrl}
            placeholder={baseUrlNeed === "required" ? "http://127.0.0.1:8080/v1" : ""}
            onChange={(baseUrl) => onChange({ baseUrl })}
          />
        )}
        {values.provider === "scripted" && (
          <Field
            label="Script (JSON)"
            hint={
              <>
                Each generation plays the next step: <code>reply</code> (text and tool calls),{" "}
                <code>wait_for_cancel</code> or <code>error</code>; then <code>final_text</code> ends the run.
              </>
            }
            error={errors.script}
          >
            {(control) => (
              <div className="script-editor">
                <textarea
                  {...control}
                  className="input input-mono textarea-code"
                  rows={10}
                  value={values.script}
                  placeholder='{ "steps": [ … ], "final_text": "Done." }'
                  onChange={(event) => onChange({ script: event.target.value })}
                  spellCheck={false}
                />
                {values.script.trim() === "" && (
                  <Button variant="quiet" onClick={() => onChange({ script: EXAMPLE_SCRIPT })}>
                    Insert an example
                  </Button>
                )}
              </div>
            )}
          </Field>
        )}
      </fieldset>

      <fieldset className="fieldset" id={HARNESS_FIELD_ID}>
        <legend>Harness</legend>
        <p className="fieldset-hint">The coding CLI that code_task hands work to, in the agent's sandbox.</p>
        <SelectField
          label="Harness"
          value={values.harness}
          options={HARNESS_OPTIONS}
          onChange={(harness) => onChange({ harness })}
        />
        {values.harness !== "" && (
          <div className="field-row">
            <TextField
              label="Harness model"
              optional
              hint="Blank for the CLI's default."
              mono
              value={values.harnessModel}
              onChange={(harnessModel) => onChange({ harnessModel })}
            />
            <TextField
              label="Effort"
              optional
              hint="Blank for the CLI's default."
              value={values.harnessEffort}
              suggestions={EFFORT_SUGGESTIONS}
              onChange={(harnessEffort) => onChange({ harnessEffort })}
            />
          </div>
        )}
      </fieldset>

      <fieldset className="fieldset">
        <legend>Capabilities and limits</legend>
        <CheckboxField
          label="Coding"
          hint="Offers the code tools (code_task, shell, shell_status, file_read, code_search); read at each generation."
          checked={values.coding}
          onChange={(coding) => onChange({ coding })}
        />
        <div className="field-row">
          <NumberField
            label="Max tool calls"
            hint={`Per run, 1 to ${MAX_TOOL_CALLS_LIMIT}.`}
            error={errors.maxToolCalls}
            min={1}
            max={MAX_TOOL_CALLS_LIMIT}
            value={values.maxToolCalls}
            onChange={(maxToolCalls) => onChange({ maxToolCalls })}
          />
          <NumberField
            label="Idle stop (minutes)"
            hint={`The machine stops after this long unused, 1 to ${IDLE_STOP_MINUTES_LIMIT}.`}
            error={errors.idleStopMinutes}
            min={1}
            max={IDLE_STOP_MINUTES_LIMIT}
            value={values.idleStopMinutes}
            onChange={(idleStopMinutes) => onChange({ idleStopMinutes })}
          />
        </div>
      </fieldset>

      <MachineLimitFields
        values={values}
        errors={errors}
        onChange={onChange}
        placeholders={machineLimitPlaceholders}
      />
    </>
  );
}
