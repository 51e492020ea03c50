import type Docker from "dockerode";
import { CONTAINER_LABELS } from "./containerLabels.ts";
import { removeMachineContainer } from "./containerRemoval.ts";

/**
 * Removes this server's containers whose agent no longer exists (deleted while the server was down,
 * or by `guilds agent delete`), with their /run/guilds volumes; returns the agents' ids.
 */
export async function removeContainersOfGoneAgents(
  docker: Docker,
  serverId: string,
  agentExists: (agentId: string) => Promise<boolean>,
): Promise<string[]> {
  const containers = await docker.listContainers({
    all: true,
    filters: { label: [`${CONTAINER_LABELS.server}=${serverId}`] },
  });
  const removed: string[] = [];
  for (const container of containers) {
    const agentId = container.Labels[CONTAINER_LABELS.agent];
    const name = container.Names[0]?.replace(/^\//, "");
    if (agentId === undefined || name === undefined || (await agentExists(agentId))) continue;
    await removeMachineContainer(docker, name);
    removed.push(agentId);
  }
  return removed;
}
