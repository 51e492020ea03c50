import { GuildsError } from "@guilds/protocol/guildsError";
import { describeExcess, limitAboveMaximum } from "../machines/limitExcess.ts";
import type { MachineLimitMaxima } from "../machines/limitMaxima.ts";
import { type AgentLimitName, limitValueProblem } from "../machines/limitValues.ts";
import { type AgentLimitSettings, parseByteSize } from "../machines/machineLimits.ts";

/** The machine limits agent create and agent update take; "default" resets one. */
export const LIMIT_OPTIONS = {
  memory: { type: "string" },
  pids: { type: "string" },
  cpus: { type: "string" },
  disk: { type: "string" },
} as const;

type LimitValues = Partial<Record<keyof typeof LIMIT_OPTIONS, string>>;

const FLAGS: Record<AgentLimitName, keyof typeof LIMIT_OPTIONS> = {
  pids: "pids",
  memoryBytes: "memory",
  cpus: "cpus",
  diskBytes: "disk",
};

/**
 * The limits given on the command line, each checked, and refused above the maximum this
 * environment sets (GUILDS_MAX_*: run the CLI with the server's environment).
 */
export function limitSettingsOfOptions(
  values: LimitValues,
  maxima: MachineLimitMaxima,
): Partial<AgentLimitSettings> {
  const settings: { -readonly [Name in AgentLimitName]?: number | null } = {};
  for (const [name, flag] of Object.entries(FLAGS) as [AgentLimitName, keyof typeof LIMIT_OPTIONS][]) {
    const text = values[flag];
    if (text !== undefined) settings[name] = limitOfOption(name, flag, text.trim());
  }
  const excess = limitAboveMaximum(settings, maxima);
  if (excess !== undefined) {
    throw new GuildsError(
      "cli.usage",
      `--${FLAGS[excess.name]}: ${describeExcess(excess)}; pass at most that, or "default", or raise ${excess.variable} where the server runs.`,
    );
  }
  return settings;
}

function limitOfOption(name: AgentLimitName, flag: string, text: string): number | null {
  if (text === "default") return null;
  const isSize = name === "memoryBytes" || name === "diskBytes";
  const value = isSize ? parseByteSize(text) : /^\d+(\.\d+)?$/.test(text) ? Number(text) : null;
  const problem =
    value === null
      ? `must be ${isSize ? "a size such as 4G or 512M" : name === "pids" ? "a whole number such as 1024" : "a number such as 2 or 0.5"}`
      : limitValueProblem(name, value);
  if (value !== null && problem === undefined) return value;
  throw new GuildsError("cli.usage", `--${flag} ${problem}, or "default" (got ${JSON.stringify(text)}).`);
}
