import { MAXIMUM_VARIABLES, type MachineLimitMaxima } from "./limitMaxima.ts";
import { AGENT_LIMIT_NAMES, type AgentLimitName, formatLimit } from "./limitValues.ts";
import type { AgentLimitSettings } from "./machineLimits.ts";

/** An agent's setting the server's maximum does not allow. */
export interface LimitExcess {
  readonly name: AgentLimitName;
  readonly value: number;
  readonly maximum: number;
  /** The variable that sets the maximum. */
  readonly variable: string;
}

/** The first of the settings given that is above its maximum; undefined when all are within. */
export function limitAboveMaximum(
  settings: Partial<AgentLimitSettings>,
  maxima: MachineLimitMaxima,
): LimitExcess | undefined {
  for (const name of AGENT_LIMIT_NAMES) {
    const value = settings[name];
    const maximum = maxima[name];
    if (value !== undefined && value !== null && maximum !== undefined && value > maximum) {
      return { name, value, maximum, variable: MAXIMUM_VARIABLES[name] };
    }
  }
  return undefined;
}

/** "4 GiB is above this server's maximum of 2 GiB (GUILDS_MAX_MEMORY)" */
export function describeExcess(excess: LimitExcess): string {
  return `${formatLimit(excess.name, excess.value)} is above this server's maximum of ${formatLimit(excess.name, excess.maximum)} (${excess.variable})`;
}
