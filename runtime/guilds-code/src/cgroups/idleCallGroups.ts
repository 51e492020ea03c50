import { utimesSync } from "node:fs";
import type { MachineCgroupView } from "@guilds/protocol/machineCgroup";
import { ChildCgroup, type LimitEvents, SWEEP_MIN_AGE_MS } from "@guilds/runtime/childCgroup";

/** A group taken for a call, and its limit counters as they were when it was last seen, if known. */
export interface TakenGroup {
  group: ChildCgroup;
  /** The counters as the previous call left them: the group has run nothing since. Null: read them. */
  events: LimitEvents | null;
}

interface IdleGroup {
  group: ChildCgroup;
  /** When it was last made sure of and made young (Date.now()). */
  touchedAt: number;
  /** Its counters when its last call ended. */
  events: LimitEvents | null;
}

/**
 * A group kept this recently is still there: a sweep leaves alone a group younger than
 * SWEEP_MIN_AGE_MS, and its shell joins it within milliseconds of its take.
 */
const RECENT_MS = SWEEP_MIN_AGE_MS / 2;

/**
 * Foreground calls' groups this helper made and that ended empty, kept for the next call: making
 * and removing a group in each hierarchy costs more than the rest of a `shell true`. A group that
 * saw a limit hit is never kept (the runaway check reads its counters as they are).
 */
const idle: IdleGroup[] = [];
/** When each group in use was last made sure of. */
const touched = new WeakMap<ChildCgroup, number>();
let made = 0;

/**
 * A group for the next call: a kept one, or a new one; made (again) when a sweep removed it. A kept
 * group made sure of within RECENT_MS is taken as it is, with the counters its last call left: no
 * folder is made, touched or read.
 */
export function takeCallGroup(machine: MachineCgroupView): TakenGroup {
  const kept = idle.pop();
  if (kept !== undefined && Date.now() - kept.touchedAt < RECENT_MS) {
    return { group: kept.group, events: kept.events };
  }
  const group = kept?.group ?? new ChildCgroup(machine, `call-${process.pid}-${++made}`);
  group.create();
  // Young again: another call's sweep leaves a group alone for a while after it is made.
  const now = new Date();
  for (const dir of group.dirs) utimesSync(dir, now, now);
  touched.set(group, now.getTime());
  return { group, events: null };
}

/**
 * Keeps an ended call's group for the next call when it is empty and hit no limit, with `events`,
 * its counters read as the call ended (null: not read); else removes it if empty.
 */
export function releaseCallGroup(group: ChildCgroup, hit: string | null, events: LimitEvents | null): void {
  if (hit === null && group.members().length === 0) {
    idle.push({ group, touchedAt: touched.get(group) ?? 0, events });
    return;
  }
  group.removeIfEmpty();
}
