import { HARNESSES, MODEL_PROVIDERS, type ModelProviderName } from "@guilds/protocol/agentSettings";
import { GuildsError } from "@guilds/protocol/guildsError";
import type { HarnessName } from "@guilds/protocol/harness";

export {
  HARNESSES,
  IDLE_STOP_MINUTES_DEFAULT,
  IDLE_STOP_MINUTES_LIMIT,
  MAX_TOOL_CALLS_DEFAULT,
  MAX_TOOL_CALLS_LIMIT,
  MODEL_PROVIDERS,
  type ModelProviderName,
} from "@guilds/protocol/agentSettings";
export type Harness = HarnessName;

export function checkHarness(value: string | null): Harness | null {
  if (value === null) return null;
  const harness = HARNESSES.find((candidate) => candidate === value);
  if (harness) return harness;
  throw invalid(`harness must be one of ${HARNESSES.join(", ")}, or none (got ${JSON.stringify(value)})`);
}

export function checkModelProvider(value: string): ModelProviderName {
  const provider = MODEL_PROVIDERS.find((candidate) => candidate === value);
  if (provider) return provider;
  throw invalid(
    `the model provider must be one of ${MODEL_PROVIDERS.join(", ")} (got ${JSON.stringify(value)})`,
  );
}

export function checkWholeNumber(field: string, value: number, max: number): number {
  if (Number.isInteger(value) && value >= 1 && value <= max) return value;
  throw invalid(`${field} must be a whole number from 1 to ${max} (got ${value})`);
}

export function checkModelName(value: string): string {
  if (value.trim() !== "") return value.trim();
  throw invalid("the model name is empty; name the model the provider should run");
}

function invalid(detail: string): GuildsError {
  return new GuildsError("agent.invalid", `Invalid agent: ${detail}.`);
}
