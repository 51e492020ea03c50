import type Docker from "dockerode";
import { runtimeVolumeOf } from "./containerLabels.ts";

/** Removes a machine's container (stopping it) and its /run/guilds volume; nothing there is fine. */
export async function removeMachineContainer(docker: Docker, name: string): Promise<void> {
  await ignoringMissing(docker.getContainer(name).remove({ force: true, v: true }));
  await ignoringMissing(docker.getVolume(runtimeVolumeOf(name)).remove());
}

async function ignoringMissing(removal: Promise<unknown>): Promise<void> {
  try {
    await removal;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode !== 404) throw error;
  }
}
