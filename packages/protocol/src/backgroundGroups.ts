import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The (group leader, start time) pairs a record names: the command's, and its wrapper's. */
const GROUP_FIELDS = [
  ["pid", "start_ticks"],
  ["wrapper_pid", "wrapper_start_ticks"],
] as const;

/** Where guilds-code records the background commands of an agent, under the machine's runtime dir. */
export function backgroundRecordsFolder(runtimeDir: string, agentId: string): string {
  return path.join(runtimeDir, agentId, "background");
}

/**
 * The process groups of the background commands guilds-code started (each in a session of its own),
 * read from the *.json records in `folder`. A pid whose process started at another time than its
 * record says is a reused pid, and is left out. Whatever ends a machine reads these: the
 * orchestrator, or the machine's own daemon when it stops itself.
 */
export function backgroundGroups(folder: string): number[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const groups: number[] = [];
  for (const name of names.filter((entry) => entry.endsWith(".json"))) {
    try {
      const record: unknown = JSON.parse(readFileSync(path.join(folder, name), "utf8"));
      if (typeof record === "object" && record !== null)
        groups.push(...groupsOf(record as Record<string, unknown>));
    } catch {}
  }
  return groups;
}

function groupsOf(record: Record<string, unknown>): number[] {
  const groups: number[] = [];
  for (const [pidField, ticksField] of GROUP_FIELDS) {
    const pid = record[pidField];
    const ticks = record[ticksField];
    if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 1) continue;
    if (typeof ticks === "number" && processStartTicks(pid) !== ticks) continue;
    groups.push(pid);
  }
  return groups;
}

/** Field 22 of /proc/<pid>/stat: clock ticks after boot at which the process started; null when gone. */
export function processStartTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const ticks = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
    return Number.isInteger(ticks) ? ticks : null;
  } catch {
    return null;
  }
}
