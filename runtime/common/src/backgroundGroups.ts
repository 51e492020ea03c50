import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { BACKGROUND_GROUP_FIELDS } from "@guilds/protocol/backgroundRecords";
import { processStartTicks } from "./processTable.ts";

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
  for (const [pidField, ticksField] of BACKGROUND_GROUP_FIELDS) {
    const pid = record[pidField];
    const ticks = record[ticksField];
    if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 1) continue;
    if (typeof ticks === "number" && processStartTicks(pid) !== ticks) continue;
    groups.push(pid);
  }
  return groups;
}
