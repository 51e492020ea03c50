import { formatByteSize } from "@guilds/protocol/byteSize";
import type { MachineCgroupView } from "@guilds/protocol/machineCgroup";
import {
  ChildCgroup,
  childCgroupName,
  type LimitEvents,
  machineMemoryLimit,
  machinePidsLimit,
  nearPidsLimit,
  removeEmptyChildren,
  runawayChildren,
} from "@guilds/runtime/childCgroup";
import type { OpContext } from "../context.ts";
import { releaseCallGroup, type TakenGroup, takeCallGroup } from "./idleCallGroups.ts";

/** Which of the machine's limits a command ran into (the call's metadata `limit_hit`). */
export type LimitHit = "memory" | "processes";

/**
 * The group of one command: everything it starts is in it, so a timeout or a cancel ends it all,
 * and the machine's limit counters say whether the command hit one. Groups of earlier commands
 * that nothing runs in any more are removed on the way.
 */
export interface CommandCgroup {
  readonly group: ChildCgroup;
  /** Said when processes an earlier command left behind had filled the machine's process limit and were stopped. */
  readonly reclaimed: string | null;
  /** The limit the command hit since the group was opened, with the line that says so; null when none. */
  limitHit(): { limit: LimitHit; trailer: string } | null;
  /**
   * Removes the group when nothing it started still runs (a server left with `&` keeps it). After a
   * command that hit the process limit, what it left is killed first: a fork bomb ends with its call.
   */
  close(hit: LimitHit | null): Promise<void>;
}

export async function openCommandCgroup(
  context: OpContext,
  kind: "call" | "bg",
  id: string,
): Promise<CommandCgroup | null> {
  const machine = context.cgroup;
  if (machine === null) return null;
  const reclaimed = await stopRunaways(machine);
  sweepNowAndThen(machine, `${kind}-`);
  let taken: TakenGroup;
  try {
    taken =
      kind === "call"
        ? takeCallGroup(machine)
        : { group: new ChildCgroup(machine, childCgroupName(kind, id)).create(), events: null };
  } catch {
    // A machine whose group cannot take children still holds the command within its limits.
    return null;
  }
  const { group } = taken;
  const before = taken.events ?? group.limitEvents();
  let after: LimitEvents | null = null;
  return {
    group,
    reclaimed,
    limitHit: () => {
      after = group.limitEvents();
      return limitHitSince(context, after, before);
    },
    close: async (hit) => {
      if (hit === "processes") await group.kill();
      if (kind === "call") releaseCallGroup(group, hit, after);
      else group.removeIfEmpty();
    },
  };
}

/**
 * A fork bomb outlives a call that ended at once, and keeps the machine at its process limit, where
 * nothing new can start: before each command, what it left is stopped.
 */
export async function stopRunaways(machine: MachineCgroupView): Promise<string | null> {
  if (!nearPidsLimit(machine)) return null;
  const runaways = runawayChildren(machine, ["call-", "bg-"]);
  if (runaways.length === 0) return null;
  for (const group of runaways) {
    await group.kill();
    group.removeIfEmpty();
  }
  const limit = machinePidsLimit(machine);
  const named = limit === null ? "its process limit" : `its limit of ${limit} processes`;
  return `[processes an earlier command left running had filled the machine's ${named.replace("its ", "")} and were stopped]`;
}

const SWEEP_EVERY_MS = 10_000;
let sweptAt = 0;

/** Groups of ended commands are removed now and then, not at every call. */
function sweepNowAndThen(machine: MachineCgroupView, prefix: string): void {
  if (Date.now() - sweptAt < SWEEP_EVERY_MS) return;
  sweptAt = Date.now();
  removeEmptyChildren(machine, prefix);
}

function limitHitSince(
  context: OpContext,
  after: LimitEvents,
  before: LimitEvents,
): { limit: LimitHit; trailer: string } | null {
  const machine = context.cgroup;
  if (machine === null) return null;
  if (after.oomKills > before.oomKills) {
    const limit = machineMemoryLimit(machine);
    const named = limit === null ? "" : ` (limit ${formatByteSize(limit)})`;
    return { limit: "memory", trailer: `[killed: the machine ran out of memory${named}]` };
  }
  if (after.forksRefused > before.forksRefused) {
    const limit = machinePidsLimit(machine);
    const named = limit === null ? "its process limit" : `its limit of ${limit} processes`;
    return {
      limit: "processes",
      trailer: `[the machine reached ${named}: some could not be started, and the command's processes were stopped]`,
    };
  }
  return null;
}
