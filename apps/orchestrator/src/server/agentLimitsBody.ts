import { GuildsError } from "@guilds/protocol/guildsError";
import { z } from "zod";
import { describeExcess, limitAboveMaximum } from "../machines/limitExcess.ts";
import type { MachineLimitMaxima } from "../machines/limitMaxima.ts";
import { LIMIT_LABELS } from "../machines/limitValues.ts";
import { type AgentLimitSettings, parseByteSize } from "../machines/machineLimits.ts";

const SIZE_EXPECTED = 'must be a number of bytes or a size such as "4G" or "512M"';

const byteSize = z
  .union([z.int(), z.string()], { error: SIZE_EXPECTED })
  .transform((value, context) => {
    if (typeof value === "number") return value;
    const bytes = parseByteSize(value);
    if (bytes !== null) return bytes;
    context.addIssue({ code: "custom", message: `${SIZE_EXPECTED} (got ${JSON.stringify(value)})` });
    return z.NEVER;
  })
  .nullable()
  .optional();

/** An agent's machine limits as create and update take them: each absent stays, null is the default. */
export const AgentLimitsBody = z
  .strictObject({
    pids: z.int().nullable().optional().describe("Processes and threads at once (default 1024)."),
    memory: byteSize.describe('Bytes, or a size such as "4G" or "512M" (default 4G), tmpfs included.'),
    cpus: z.number().nullable().optional().describe("CPU cores, 0.5 for half of one (default 2)."),
    disk: byteSize.describe('The home\'s size: bytes, or a size such as "20G" (default 20G).'),
  })
  .describe(
    "The machine's limits, taking effect at its next start: each absent is left as it is, null resets it to the default; none may be above the server's maximum (GUILDS_MAX_PIDS, GUILDS_MAX_MEMORY, GUILDS_MAX_CPUS, GUILDS_MAX_DISK).",
  );

export type AgentLimitsBody = z.output<typeof AgentLimitsBody>;

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
