import type Docker from "dockerode";

/** How long after the engine's answer to a stop a container may still report itself running. */
const SETTLE_MS = 10_000;
const POLL_MS = 50;

/**
 * Waits until the engine reports the container not running (or gone). Podman's stop can answer
 * while the container is still ending: a start right after would find it running, adopt it, and
 * lose it to the stop's late signal.
 */
export async function untilStopped(container: Docker.Container): Promise<void> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    let running: boolean;
    try {
      running = (await container.inspect()).State.Running;
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return;
      throw error;
    }
    if (!running) return;
    if (Date.now() > deadline) {
      throw new Error(`the container ${container.id} still runs ${SETTLE_MS / 1000} s after its stop`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
