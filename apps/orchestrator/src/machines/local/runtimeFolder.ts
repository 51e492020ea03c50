import { mkdir, rm } from "node:fs/promises";

/** run/ lives only as long as the machine: a new machine gets it empty, a stopped one leaves it empty. */
export async function resetRuntimeFolder(runHost: string): Promise<void> {
  await rm(runHost, { recursive: true, force: true });
  await mkdir(runHost, { recursive: true });
}
