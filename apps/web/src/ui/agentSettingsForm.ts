import type { Agent, RequestBody } from "@guilds/client/apiTypes";
import {
  IDLE_STOP_MINUTES_DEFAULT,
  IDLE_STOP_MINUTES_LIMIT,
  MAX_TOOL_CALLS_DEFAULT,
  MAX_TOOL_CALLS_LIMIT,
  type ModelProviderName,
} from "@guilds/protocol/agentSettings";
import type {
  CreateAgentBodyInput,
  ModelSettingsBodyInput,
  UpdateAgentBodyInput,
} from "@guilds/protocol/apiRequests";
import type { HarnessName } from "@guilds/protocol/harness";
import { HARNESS_DISPLAY_NAMES, HARNESS_NAMES } from "@guilds/protocol/harness";
import {
  BLANK_MACHINE_LIMITS,
  type MachineLimitValues,
  machineLimitsBody,
  machineLimitValuesOf,
  validateMachineLimits,
} from "./machineLimitsForm.ts";

/*
 * An agent's settings as a form holds them (text as typed), checked here before they go out, and
 * turned into the bodies of POST /api/guilds/{id}/agents and PATCH /api/agents/{id} (the protocol's
 * CreateAgentBody and UpdateAgentBody), within the protocol's agent settings bounds; the server
 * checks again and its message is shown when it refuses.
 */

export const HARNESS_CHOICES: readonly HarnessName[] = HARNESS_NAMES;
export { HARNESS_DISPLAY_NAMES };

export const PROVIDER_LABELS: Record<ModelProviderName, string> = {
  anthropic: "Anthropic",
  openai: "OpenAI",
  "openai-compatible": "OpenAI-compatible server",
  scripted: "Scripted (replays a fixed script)",
};

export const MODEL_NAME_EXAMPLES: Record<ModelProviderName, string> = {
  anthropic: "claude-sonnet-4-5",
  openai: "gpt-5",
  "openai-compatible": "qwen3:8b",
  scripted: "scripted",
};

/** The secret each provider reads its key from (apps/orchestrator/src/providers/*Provider.ts). */
export const PROVIDER_KEY_SECRETS: Record<ModelProviderName, string | null> = {
  anthropic: "ANTHROPIC_API_KEY",
  openai: "OPENAI_API_KEY",
  "openai-compatible": "OPENAI_API_KEY",
  scripted: null,
};

export const EFFORT_SUGGESTIONS = ["low", "medium", "high"] as const;

export const AGENT_NAME_MAX_LENGTH = 100;

/** A script to start from: two shell calls, then a final answer. */
export const EXAMPLE_SCRIPT = `{
  "steps": [
    { "type": "reply", "text": "Looking around.", "tool_calls": [{ "name": "shell", "args": { "command": "ls -la" } }] },
    { "type": "reply", "tool_calls": [{ "name": "file_read", "args": { "path": "README.md" } }] }
  ],
  "final_text": "Done."
}`;

/** The machine's limits (memory, pids, cpus, disk) are fields of their own, blank for the default. */
export interface AgentFormValues extends MachineLimitValues {
  name: string;
  provider: ModelProviderName;
  modelName: string;
  baseUrl: string;
  /** "" for none. */
  harness: HarnessName | "";
  harnessModel: string;
  harnessEffort: string;
  coding: boolean;
  maxToolCalls: string;
  idleStopMinutes: string;
  /** The scripted provider's script, as JSON text. */
  script: string;
}

export type AgentFormErrors = Partial<Record<keyof AgentFormValues, string>>;

/*
 * The bodies as the protocol types them, but for the script: it goes as the operator wrote it once
 * it is an object with a steps list (parseScriptText); the server checks the rest against the
 * protocol's ModelScript, and its message is shown when it refuses.
 */
export type CreateAgentBody = Omit<CreateAgentBodyInput, "script"> & { script?: ScriptBody };
export type UpdateAgentBody = Omit<UpdateAgentBodyInput, "script"> & { script?: ScriptBody };
type ScriptBody = NonNullable<RequestBody<"/api/guilds/{guildId}/agents", "post">["script"]>;

export type AgentFormOutcome<Body> = { ok: true; body: Body } | { ok: false; errors: AgentFormErrors };

export function emptyAgentForm(): AgentFormValues {
  return {
    name: "",
    provider: "anthropic",
    modelName: "",
    baseUrl: "",
    harness: "",
    harnessModel: "",
    harnessEffort: "",
    coding: true,
    maxToolCalls: String(MAX_TOOL_CALLS_DEFAULT),
    idleStopMinutes: String(IDLE_STOP_MINUTES_DEFAULT),
    ...BLANK_MACHINE_LIMITS,
    script: "",
  };
}

/** The form filled with an agent's current settings. */
export function agentFormOf(agent: Agent): AgentFormValues {
  return {
    name: agent.name,
    provider: agent.model.provider,
    modelName: agent.model.name,
    baseUrl: agent.model.base_url ?? "",
    harness: agent.harness ?? "",
    harnessModel: agent.harness_model ?? "",
    harnessEffort: agent.harness_effort ?? "",
    coding: agent.coding,
    maxToolCalls: String(agent.max_tool_calls),
    idleStopMinutes: String(agent.idle_stop_minutes),
    ...machineLimitValuesOf(agent.limits),
    script: agent.script === null || agent.script === undefined ? "" : JSON.stringify(agent.script, null, 2),
  };
}

/** Whether the provider takes a base URL, and whether it must have one. */
export function baseUrlUse(provider: ModelProviderName): "required" | "optional" | "none" {
  if (provider === "openai-compatible") return "required";
  return provider === "scripted" ? "none" : "optional";
}

/** The script's JSON text parsed: an object with a "steps" list, or why it is not one. */
export function parseScriptText(text: string): { ok: true; script: unknown } | { ok: false; error: string } {
  if (text.trim() === "") {
    return {
      ok: false,
      error:
        'A scripted agent replays a script: paste its JSON, an object with a "steps" list (Insert an example shows one).',
    };
  }
  let script: unknown;
  try {
    script = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `The script is not valid JSON: ${reason}.` };
  }
  const steps =
    typeof script === "object" && script !== null ? (script as { steps?: unknown }).steps : undefined;
  if (!Array.isArray(steps)) {
    return { ok: false, error: 'The script must be a JSON object with a "steps" list: { "steps": [ … ] }.' };
  }
  return { ok: true, script };
}

/** Each field's problem, in words that say how to fix it; {} when the form can be sent. */
export function validateAgentForm(values: AgentFormValues): AgentFormErrors {
  const errors: AgentFormErrors = {};
  const name = values.name.trim();
  if (name === "") errors.name = "Give the agent a name.";
  else if (name.length > AGENT_NAME_MAX_LENGTH) {
    errors.name = `An agent's name is at most ${AGENT_NAME_MAX_LENGTH} characters (this one has ${name.length}).`;
  }
  if (values.modelName.trim() === "") {
    errors.modelName = `Name the model the provider should run, such as ${MODEL_NAME_EXAMPLES[values.provider]}.`;
  }
  const baseUrlError = checkBaseUrl(values.provider, values.baseUrl.trim());
  if (baseUrlError !== null) errors.baseUrl = baseUrlError;
  const maxToolCalls = checkWholeNumber(values.maxToolCalls, MAX_TOOL_CALLS_LIMIT);
  if (maxToolCalls === null) {
    errors.maxToolCalls = `Max tool calls must be a whole number from 1 to ${MAX_TOOL_CALLS_LIMIT}.`;
  }
  const idleStop = checkWholeNumber(values.idleStopMinutes, IDLE_STOP_MINUTES_LIMIT);
  if (idleStop === null) {
    errors.idleStopMinutes = `The idle stop must be a whole number of minutes from 1 to ${IDLE_STOP_MINUTES_LIMIT}.`;
  }
  Object.assign(errors, validateMachineLimits(values));
  if (values.provider === "scripted") {
    const parsed = parseScriptText(values.script);
    if (!parsed.ok) errors.script = parsed.error;
  }
  return errors;
}

/** The body of POST /api/guilds/{id}/agents, or the form's errors. */
export function buildCreateAgentBody(values: AgentFormValues): AgentFormOutcome<CreateAgentBody> {
  return buildSettingsBody(values);
}

/**
 * The body of PATCH /api/agents/{id}: every setting, so the agent ends up as the form shows it (a
 * base URL cleared in the form is cleared on the server too).
 */
export function buildUpdateAgentBody(values: AgentFormValues): AgentFormOutcome<UpdateAgentBody> {
  return buildSettingsBody(values);
}

/** Every setting: a body of either request. */
function buildSettingsBody(values: AgentFormValues): AgentFormOutcome<CreateAgentBody> {
  const errors = validateAgentForm(values);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const baseUrl = values.baseUrl.trim();
  const model: ModelSettingsBodyInput = { provider: values.provider, name: values.modelName.trim() };
  if (baseUrlUse(values.provider) !== "none" && baseUrl !== "") model.base_url = baseUrl;
  else model.base_url = null;
  const harness = values.harness === "" ? null : values.harness;
  const body: CreateAgentBody = {
    name: values.name.trim(),
    model,
    harness,
    harness_model: harness === null ? null : blankToNull(values.harnessModel),
    harness_effort: harness === null ? null : blankToNull(values.harnessEffort),
    coding: values.coding,
    max_tool_calls: Number(values.maxToolCalls.trim()),
    idle_stop_minutes: Number(values.idleStopMinutes.trim()),
    limits: machineLimitsBody(values),
  };
  if (values.provider === "scripted") {
    const parsed = parseScriptText(values.script);
    if (parsed.ok) body.script = parsed.script as ScriptBody;
  }
  return { ok: true, body };
}

function checkBaseUrl(provider: ModelProviderName, baseUrl: string): string | null {
  const use = baseUrlUse(provider);
  if (use === "none") return null;
  if (baseUrl === "") {
    return use === "required"
      ? "An OpenAI-compatible server needs its base URL, such as http://127.0.0.1:8080/v1."
      : null;
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `The base URL must be a full http:// or https:// URL, such as http://127.0.0.1:8080/v1 (got ${baseUrl}).`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return `The base URL must start with http:// or https:// (got ${url.protocol}//…).`;
  }
  return null;
}

function checkWholeNumber(text: string, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 && value <= max ? value : null;
}

function blankToNull(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === "" ? null : trimmed;
}
