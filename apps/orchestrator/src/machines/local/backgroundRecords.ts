import { readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** The (group leader, start time) pairs a record names: the command's, and its wrapper's. */
const GROUP_FIELDS = [
  ["pid", "start_ticks"],
  ["wrapper_pid", "wrapper_start_ticks"],
] as const;

/**
 * The process groups of the background commands guilds-code started (each in a session of its own),
 * read from <runtime dir>/<agent id>/background/*.json. A pid whose process started at another time
 * than its record says is a reused pid, and is left alone.
 */
export async function backgroundGroups(runtimeHostDir: string, agentId: string): Promise<number[]> {
  const folder = path.join(runtimeHostDir, agentId, "background");
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const groups: number[] = [];
  for (const name of names.filter((entry) => entry.endsWith(".json"))) {
    try {
      const record: unknown = JSON.parse(await readFile(path.join(folder, name), "utf8"));
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
    if (typeof ticks === "number" && startTicksOf(pid) !== ticks) continue;
    groups.push(pid);
  }
  return groups;
}

/** Field 22 of /proc/<pid>/stat: clock ticks after boot at which the process started. */
function startTicksOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
  } catch {
    return null;
  }
}
