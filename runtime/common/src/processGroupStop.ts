import { SHELL_KILL_GRACE_MS } from "@guilds/protocol/limits";
import { groupHasLiveMembers, isProcessLive } from "./processTable.ts";
import { killUnlessGone, type PollOptions, pollUntil, type Stoppable, stopInStages } from "./stagedStop.ts";

/**
 * TERM, then KILL this long after, for a process a machine started: a helper (guilds-code) stops its
 * foreground command (a group of its own) with TERM, then KILL SHELL_KILL_GRACE_MS later, and must
 * be left the time to do so before it is killed itself.
 */
export const STARTED_PROCESS_GRACE_MS = SHELL_KILL_GRACE_MS + 1_000;

/**
 * Signals a process group; false when it is gone, the signal is not one, or the group was never ours
 * to signal: never our own group or init, whatever a record the agent can write says.
 */
export function signalGroup(pgid: number, signal: string | 0): boolean {
  if (!Number.isInteger(pgid) || pgid <= 1 || pgid === process.pid) return false;
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Whether the group has a member, a zombie counting as one. */
export function isGroupAlive(pgid: number): boolean {
  return signalGroup(pgid, 0);
}

interface GroupsOptions extends Partial<PollOptions> {
  /** When a group counts as still there; default isGroupAlive. */
  isLive?: (pgid: number) => boolean;
}

/** Process groups stopped together: a signal goes to those still there. */
export function processGroups(pgids: Iterable<number>, options: GroupsOptions = {}): Stoppable {
  const { isLive = isGroupAlive, pollMs = GROUP_POLL_MS, ref = true } = options;
  let remaining = [...new Set(pgids)];
  return {
    signal(name) {
      remaining = remaining.filter((pgid) => signalGroup(pgid, name));
    },
    goneWithin(waitMs) {
      return pollUntil(
        () => {
          remaining = remaining.filter(isLive);
          return remaining.length === 0;
        },
        waitMs,
        { pollMs, ref },
      );
    },
  };
}

const GROUP_POLL_MS = 25;
/** How often a group nobody awaits is looked at, to stop watching it once it is gone. */
const ABANDONED_POLL_MS = 100;
/** After SIGKILL, how long a process that is not our child is given to be gone. */
const KILLED_PROCESS_WAIT_MS = 50;
const PROCESS_POLL_MS = 5;

/**
 * SIGTERM to a group this process started, SIGKILL `graceMs` later if any member is still running
 * (zombies do not count); resolves when the group is gone. Its timers stay referenced: the caller's
 * answer waits on them.
 */
export function stopProcessGroup(pgid: number, graceMs: number): Promise<void> {
  return stopInStages(processGroups([pgid], { isLive: groupHasLiveMembers }), graceMs);
}

/** SIGTERM to every process group, then SIGKILL to those still there after the grace period. */
export function endGroups(pgids: Iterable<number>, graceMs: number): Promise<void> {
  return stopInStages(processGroups(pgids), graceMs, 0);
}

/**
 * Ends the group of a process nobody will read any more: SIGTERM now, SIGKILL to what is left after
 * STARTED_PROCESS_GRACE_MS. Nothing waits for it: the timers never keep the process alive, and stop
 * watching the group once it is found empty (its id could be reused).
 */
export function abandonGroup(pgid: number): void {
  const group = processGroups([pgid], { pollMs: ABANDONED_POLL_MS, ref: false });
  void stopInStages(group, STARTED_PROCESS_GRACE_MS, 0);
}

/** Waits for a process that is not our child to be gone; SIGKILL once `timeoutMs` is up. */
export async function waitForExitOrKill(pid: number, timeoutMs: number): Promise<void> {
  const target: Stoppable = {
    signal(name) {
      try {
        process.kill(pid, name);
      } catch {}
    },
    goneWithin: (waitMs) =>
      pollUntil(() => !isProcessLive(pid), waitMs, { pollMs: PROCESS_POLL_MS, ref: true }),
  };
  await killUnlessGone(target, timeoutMs, KILLED_PROCESS_WAIT_MS);
}
