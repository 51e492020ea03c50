import { utimesSync } from "node:fs";
import type { MachineCgroupView } from "@guilds/protocol/machineCgroup";
import { ChildCgroup } from "@guilds/runtime/childCgroup";

/**
 * Foreground calls' groups this helper made and that ended empty, kept for the next call: making
 * and removing a group in each hierarchy costs more than the rest of a `shell true`. A group that
 * saw a limit hit is never kept (the runaway check reads its counters as they are).
 */
const idle: ChildCgroup[] = [];
let made = 0;

/** A group for the next call: a kept one, or a new one; made (again) when a sweep removed it. */
export function takeCallGroup(machine: MachineCgroupView): ChildCgroup {
  const kept = idle.pop();
  const group = kept ?? new ChildCgroup(machine, `call-${process.pid}-${++made}`);
  group.create();
  // Young again: another call's sweep leaves a group alone for a while after it is made.
  const now = new Date();
  for (const dir of group.dirs) utimesSync(dir, now, now);
  return group;
}

/**
 * Keeps an ended call's group for the next call when it is empty and hit no limit (its counters are
 * then still zero: only such groups are kept); else removes it if empty.
 */
export function releaseCallGroup(group: ChildCgroup, hit: string | null): void {
  if (hit === null && group.members().length === 0) {
    idle.push(group);
    return;
  }
  group.removeIfEmpty();
}
