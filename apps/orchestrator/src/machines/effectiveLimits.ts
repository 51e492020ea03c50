import type { MachineLimitMaxima } from "./limitMaxima.ts";
import type { AgentLimitName } from "./limitValues.ts";
import { type AgentLimitSettings, DEFAULT_MACHINE_LIMITS, type MachineLimits } from "./machineLimits.ts";

/** An agent with no limit of its own: every one the default. */
export const DEFAULT_LIMIT_SETTINGS: AgentLimitSettings = Object.freeze({
  pids: null,
  memoryBytes: null,
  cpus: null,
  diskBytes: null,
});

/**
 * What the agent's machine gets: each limit the agent's own, else the default, and never above the
 * server's maximum. An own setting above it is refused when set, but the maximum may have been
 * lowered since: the maximum wins then too.
 */
export function effectiveLimits(settings: AgentLimitSettings, maxima: MachineLimitMaxima): MachineLimits {
  const limit = (name: AgentLimitName): number => {
    const wanted = settings[name] ?? DEFAULT_MACHINE_LIMITS[name];
    const maximum = maxima[name];
    return maximum === undefined ? wanted : Math.min(wanted, maximum);
  };
  return Object.freeze({
    pids: limit("pids"),
    memoryBytes: limit("memoryBytes"),
    cpus: limit("cpus"),
    diskBytes: limit("diskBytes"),
    tmpfsBytes: maxima.tmpfsBytes ?? DEFAULT_MACHINE_LIMITS.tmpfsBytes,
  });
}
