import { useId } from "react";
import type { HarnessName, ModelProviderName } from "../api/apiViews.ts";
import {
  type AgentFormErrors,
  type AgentFormValues,
  baseUrlUse,
  EFFORT_SUGGESTIONS,
  EXAMPLE_SCRIPT,
  HARNESS_CHOICES,
  HARNESS_DISPLAY_NAMES,
  IDLE_STOP_MINUTES_LIMIT,
  MAX_TOOL_CALLS_LIMIT,
  MODEL_NAME_EXAMPLES,
  MODEL_PROVIDERS,
  PROVIDER_KEY_SECRETS,
  PROVIDER_LABELS,
} from "./agentSettingsForm.ts";
import { Button } from "./Button.tsx";
import { CheckboxField, Field } from "./Field.tsx";
import "./forms.css";

/**
 * The fields of an agent's settings, shared by the create form and the settings form: its name,
 * the model of its own generations, the harness code_task drives, and its limits.
 */
export function AgentSettingsFields({
  values,
  errors,
  onChange,
}: {
  values: AgentFormValues;
  errors: AgentFormErrors;
  onChange: (patch: Partial<AgentFormValues>) => void;
}) {
  const effortListId = useId();
  const baseUrl = baseUrlUse(values.provider);
  const keySecret = PROVIDER_KEY_SECRETS[values.provider];
  return (
    <>
      <Field label="Name" error={errors.name}>
        {(control) => (
          <input
            {...control}
            className="input"
            value={values.name}
            onChange={(event) => onChange({ name: event.target.value })}
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>

      <fieldset className="fieldset">
        <legend>Model</legend>
        <p className="fieldset-hint">
          The model of the agent's own generations: it plans and calls the tools.
        </p>
        <div className="field-row">
          <Field
            label="Provider"
            hint={
              keySecret === null
                ? "Replays the script below: no model, no key."
                : `Its key: the secret ${keySecret} of the agent or its guild.`
            }
          >
            {(control) => (
              <select
                {...control}
                className="input"
                value={values.provider}
                onChange={(event) => onChange({ provider: event.target.value as ModelProviderName })}
              >
                {MODEL_PROVIDERS.map((provider) => (
                  <option key={provider} value={provider}>
                    {PROVIDER_LABELS[provider]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Model name" error={errors.modelName}>
            {(control) => (
              <input
                {...control}
                className="input input-mono"
                value={values.modelName}
                placeholder={MODEL_NAME_EXAMPLES[values.provider]}
                onChange={(event) => onChange({ modelName: event.target.value })}
                autoComplete="off"
                spellCheck={false}
              />
            )}
          </Field>
        </div>
        {baseUrl !== "none" && (
          <Field
            label="Base URL"
            optional={baseUrl === "optional"}
            hint={
              baseUrl === "required"
                ? "The API root of the server, such as http://127.0.0.1:8080/v1 or http://127.0.0.1:11434/v1."
                : "Leave blank for the provider's own endpoint."
            }
            error={errors.baseUrl}
          >
            {(control) => (
              <input
                {...control}
                className="input input-mono"
                type="url"
                inputMode="url"
                value={values.baseUrl}
                placeholder={baseUrl === "required" ? "http://127.0.0.1:8080/v1" : ""}
                onChange={(event) => onChange({ baseUrl: event.target.value })}
                autoComplete="off"
                spellCheck={false}
              />
            )}
          </Field>
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

      <fieldset className="fieldset">
        <legend>Harness</legend>
        <p className="fieldset-hint">The coding CLI that code_task hands work to, in the agent's sandbox.</p>
        <Field label="Harness">
          {(control) => (
            <select
              {...control}
              className="input"
              value={values.harness}
              onChange={(event) => onChange({ harness: event.target.value as HarnessName | "" })}
            >
              <option value="">None</option>
              {HARNESS_CHOICES.map((harness) => (
                <option key={harness} value={harness}>
                  {HARNESS_DISPLAY_NAMES[harness]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {values.harness !== "" && (
          <div className="field-row">
            <Field label="Harness model" optional hint="Blank for the CLI's default.">
              {(control) => (
                <input
                  {...control}
                  className="input input-mono"
                  value={values.harnessModel}
                  onChange={(event) => onChange({ harnessModel: event.target.value })}
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            </Field>
            <Field label="Effort" optional hint="Blank for the CLI's default.">
              {(control) => (
                <>
                  <input
                    {...control}
                    className="input"
                    list={effortListId}
                    value={values.harnessEffort}
                    onChange={(event) => onChange({ harnessEffort: event.target.value })}
                    autoComplete="off"
                    spellCheck={false}
                  />
                  <datalist id={effortListId}>
                    {EFFORT_SUGGESTIONS.map((effort) => (
                      <option key={effort} value={effort} />
                    ))}
                  </datalist>
                </>
              )}
            </Field>
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
          <Field
            label="Max tool calls"
            hint={`Per run, 1 to ${MAX_TOOL_CALLS_LIMIT}.`}
            error={errors.maxToolCalls}
          >
            {(control) => (
              <input
                {...control}
                className="input"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_TOOL_CALLS_LIMIT}
                step={1}
                value={values.maxToolCalls}
                onChange={(event) => onChange({ maxToolCalls: event.target.value })}
              />
            )}
          </Field>
          <Field
            label="Idle stop (minutes)"
            hint={`The machine stops after this long unused, 1 to ${IDLE_STOP_MINUTES_LIMIT}.`}
            error={errors.idleStopMinutes}
          >
            {(control) => (
              <input
                {...control}
                className="input"
                type="number"
                inputMode="numeric"
                min={1}
                max={IDLE_STOP_MINUTES_LIMIT}
                step={1}
                value={values.idleStopMinutes}
                onChange={(event) => onChange({ idleStopMinutes: event.target.value })}
              />
            )}
          </Field>
        </div>
      </fieldset>
    </>
  );
}
