import { GuildsError } from "@guilds/protocol/guildsError";
import {
  AGENT_LIMIT_NAMES,
  type AgentLimitName,
  LIMIT_LABELS,
  limitValueProblem,
} from "../machines/limitValues.ts";
import type { AgentLimitSettings } from "../machines/machineLimits.ts";
import type { AgentTable } from "./database.ts";

type LimitColumns = Pick<AgentTable, "limit_pids" | "limit_memory_bytes" | "limit_cpus" | "limit_disk_bytes">;

const COLUMNS: Record<AgentLimitName, keyof LimitColumns> = {
  pids: "limit_pids",
  memoryBytes: "limit_memory_bytes",
  cpus: "limit_cpus",
  diskBytes: "limit_disk_bytes",
};

/** The columns of the limits given, each checked; absent ones are left out, null is the default. */
export function limitColumns(limits: Partial<AgentLimitSettings> | undefined): Partial<LimitColumns> {
  const columns: Partial<LimitColumns> = {};
  for (const name of AGENT_LIMIT_NAMES) {
    const value = limits?.[name];
    if (value === undefined) continue;
    if (value !== null) {
      const problem = limitValueProblem(name, value);
      if (problem !== undefined) {
        throw new GuildsError(
          "agent.invalid",
          `Invalid agent: limits.${LIMIT_LABELS[name]} ${problem} (got ${value}), or null for the default.`,
        );
      }
    }
    columns[COLUMNS[name]] = value;
  }
  return columns;
}

export function limitsOf(row: LimitColumns): AgentLimitSettings {
  return {
    pids: row.limit_pids,
    memoryBytes: row.limit_memory_bytes,
    cpus: row.limit_cpus,
    diskBytes: row.limit_disk_bytes,
  };
}
