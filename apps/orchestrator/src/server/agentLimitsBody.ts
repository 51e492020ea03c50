import type { AgentLimitsBody } from "@guilds/protocol/apiRequests";
import { GuildsError } from "@guilds/protocol/guildsError";
import { describeExcess, limitAboveMaximum } from "../machines/limitExcess.ts";
import type { MachineLimitMaxima } from "../machines/limitMaxima.ts";
import { LIMIT_LABELS } from "../machines/limitValues.ts";
import type { AgentLimitSettings } from "../machines/machineLimits.ts";

/** The body's limits in the store's terms, refused (400) when one is above the server's maximum. */
export function limitSettingsOf(
  body: AgentLimitsBody,
  maxima: MachineLimitMaxima,
): Partial<AgentLimitSettings> {
  const settings: { -readonly [Name in keyof AgentLimitSettings]?: number | null } = {};
  if (body.pids !== undefined) settings.pids = body.pids;
  if (body.memory !== undefined) settings.memoryBytes = body.memory;
  if (body.cpus !== undefined) settings.cpus = body.cpus;
  if (body.disk !== undefined) settings.diskBytes = body.disk;
  const excess = limitAboveMaximum(settings, maxima);
  if (excess !== undefined) {
    throw new GuildsError(
      "agent.limit_above_maximum",
      `Invalid agent: limits.${LIMIT_LABELS[excess.name]} ${describeExcess(excess)}; ask for at most that, or null for the default, or have the operator raise ${excess.variable}.`,
    );
  }
  return settings;
}
