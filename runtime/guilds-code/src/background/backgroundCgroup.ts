import { ChildCgroup, childCgroupName, removeEmptyChildren } from "@guilds/runtime/childCgroup";
import { stopRunaways } from "../cgroups/callCgroup.ts";
import type { OpContext } from "../context.ts";

/**
 * A background command's own cgroup (bg-<id>): the command, its wrapper and all they start, so
 * that its stop ends what left its process group too. Groups of ended commands go on the way, and
 * runaways that filled the machine's process limit are stopped first.
 */
export async function openBackgroundCgroup(context: OpContext, id: string): Promise<ChildCgroup | null> {
  if (context.cgroup === null) return null;
  await stopRunaways(context.cgroup);
  removeEmptyChildren(context.cgroup, "bg-");
  try {
    return new ChildCgroup(context.cgroup, childCgroupName("bg", id)).create();
  } catch {
    // The machine's own group still bounds it.
    return null;
  }
}

/** The group of background command `id`, when the machine has cgroups. */
export function backgroundCgroup(context: OpContext, id: string): ChildCgroup | null {
  return context.cgroup === null ? null : new ChildCgroup(context.cgroup, childCgroupName("bg", id));
}
