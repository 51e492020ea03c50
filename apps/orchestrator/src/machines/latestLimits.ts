import { DEFAULT_LIMIT_SETTINGS, effectiveLimits } from "./effectiveLimits.ts";
import type { MachineLimitMaxima } from "./limitMaxima.ts";
import type { AgentLimitSettings, MachineLimits } from "./machineLimits.ts";

/**
 * Each agent's limit settings as last seen, for its machine to read at each start: a machine is
 * made once, but the agent's settings may change between its starts.
 */
export function createLatestLimits(maxima: MachineLimitMaxima) {
  const latest = new Map<string, AgentLimitSettings>();
  return {
    /** An agent without limits (a caller that has none to give) leaves what was seen before. */
    remember(agent: { id: string; limits?: AgentLimitSettings | undefined }): void {
      if (agent.limits !== undefined) latest.set(agent.id, agent.limits);
    },
    /** The effective limits of the agent's latest settings, the defaults before any is seen. */
    reader(agentId: string): () => MachineLimits {
      return () => effectiveLimits(latest.get(agentId) ?? DEFAULT_LIMIT_SETTINGS, maxima);
    },
    forget(agentId: string): void {
      latest.delete(agentId);
    },
  };
}
