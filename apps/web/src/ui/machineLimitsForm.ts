import type { AgentLimits, EffectiveLimits } from "@guilds/client/apiTypes";
import type { AgentLimitsBodyInput } from "@guilds/protocol/apiRequests";
import { parseByteSize } from "@guilds/protocol/byteSize";

/*
 * An agent's machine limits as the settings form holds them: text as typed, blank for the default.
 * The rules mirror apps/orchestrator/src/machines/limitValues.ts; the server checks again, and
 * refuses a limit above its maximum (GUILDS_MAX_*) with a message the form shows.
 */

export interface MachineLimitValues {
  memory: string;
  pids: string;
  cpus: string;
  disk: string;
}

export type MachineLimitErrors = Partial<Record<keyof MachineLimitValues, string>>;

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;
const TiB = 1024 * GiB;
const MAX_PIDS = 4_194_304;
const MIN_CPUS = 0.01;
const MIN_SIZE_BYTES = MiB;

export const BLANK_MACHINE_LIMITS: MachineLimitValues = { memory: "", pids: "", cpus: "", disk: "" };

/** The agent's own limits as form text; blank where it takes the default. */
export function machineLimitValuesOf(limits: AgentLimits): MachineLimitValues {
  return {
    memory: limits.memory_bytes === null ? "" : sizeText(limits.memory_bytes),
    pids: limits.pids === null ? "" : String(limits.pids),
    cpus: limits.cpus === null ? "" : String(limits.cpus),
    disk: limits.disk_bytes === null ? "" : sizeText(limits.disk_bytes),
  };
}

/** What a blank field gives: the machine's effective limit, as the form would write it. */
export function machineLimitPlaceholders(effective: EffectiveLimits): MachineLimitValues {
  return {
    memory: sizeText(effective.memory_bytes),
    pids: String(effective.pids),
    cpus: String(effective.cpus),
    disk: sizeText(effective.disk_bytes),
  };
}

/** 4294967296 -> "4G", 536870912 -> "512M"; bytes that are no whole unit stay bytes. */
export function sizeText(bytes: number): string {
  for (const [unit, size] of [
    ["T", TiB],
    ["G", GiB],
    ["M", MiB],
    ["K", KiB],
  ] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size}${unit}`;
  }
  return String(bytes);
}

/** Each limit's problem, in words that say how to fix it; {} when they can be sent. */
export function validateMachineLimits(values: MachineLimitValues): MachineLimitErrors {
  return checkedLimits(values).errors;
}

/**
 * The limits as the body sends them, all four (null: the default); call once validateMachineLimits
 * found nothing.
 */
export function machineLimitsBody(values: MachineLimitValues): AgentLimitsBodyInput {
  return checkedLimits(values).body;
}

function checkedLimits(values: MachineLimitValues): {
  body: AgentLimitsBodyInput;
  errors: MachineLimitErrors;
} {
  const errors: MachineLimitErrors = {};
  const size = (field: "memory" | "disk", label: string): number | null => {
    const text = values[field].trim();
    if (text === "") return null;
    const bytes = parseByteSize(text);
    if (bytes !== null && bytes >= MIN_SIZE_BYTES) return bytes;
    errors[field] = `${label} must be a size of at least 1M, such as 4G or 512M, or blank for the default.`;
    return null;
  };
  const pidsText = values.pids.trim();
  const pids = /^\d+$/.test(pidsText) ? Number(pidsText) : null;
  if (pidsText !== "" && (pids === null || pids < 1 || pids > MAX_PIDS)) {
    errors.pids = `Processes must be a whole number from 1 to ${MAX_PIDS}, or blank for the default.`;
  }
  const cpusText = values.cpus.trim();
  const cpus = /^\d+(\.\d+)?$|^\.\d+$/.test(cpusText) ? Number(cpusText) : null;
  if (cpusText !== "" && (cpus === null || cpus < MIN_CPUS)) {
    errors.cpus = `CPUs must be a number of at least ${MIN_CPUS}, such as 2 or 0.5, or blank for the default.`;
  }
  const body: AgentLimitsBodyInput = {
    memory: size("memory", "Memory"),
    pids: errors.pids === undefined ? pids : null,
    cpus: errors.cpus === undefined ? cpus : null,
    disk: size("disk", "Disk"),
  };
  return { body, errors };
}
