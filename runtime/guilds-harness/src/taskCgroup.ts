import { ChildCgroup, childCgroupName, removeEmptyChildren } from "@guilds/runtime/childCgroup";
import type { HarnessContext } from "./context.ts";

const TASK_GROUP_PREFIX = "task-";

/**
 * A code task's own cgroup, task-<call id>. Only the CLI joins it (through the join shell the
 * supervisor runs, which then execs the CLI), so the CLI and every command it starts are inside,
 * even those that left its session; the supervisor stays in the machine's group, so killing the
 * task's group never takes the process that records the CLI's exit. Groups of ended tasks go on
 * the way. Null without a machine cgroup (a machine without limits), or when the machine's group
 * cannot take children: the CLI's process group is then all a stop reaches.
 */
export function openTaskCgroup(context: HarnessContext): ChildCgroup | null {
  const group = taskCgroup(context);
  if (group === null) return null;
  removeEmptyChildren(group.machine, TASK_GROUP_PREFIX);
  try {
    return group.create();
  } catch {
    return null;
  }
}

/**
 * Kills whatever is left in the task's group and removes it. A harness turn is over once its CLI
 * has exited, by itself or stopped: nothing it started outlives it, a server it left running with
 * `&` or setsid included. A no-op for a task without a group, or whose group is gone.
 */
export async function endTaskCgroup(context: HarnessContext): Promise<void> {
  const group = taskCgroup(context);
  if (group === null) return;
  await group.kill();
  group.removeIfEmpty();
}

function taskCgroup(context: HarnessContext): ChildCgroup | null {
  if (context.cgroup === null) return null;
  return new ChildCgroup(context.cgroup, childCgroupName("task", context.request.call_id));
}
