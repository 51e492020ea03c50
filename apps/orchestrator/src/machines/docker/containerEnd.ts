import type Docker from "dockerode";

/**
 * Calls `onEnd` once when the engine reports the container's end (it died, was killed or stopped
 * by someone else). Returns the function that stops listening.
 */
export function watchContainerEnd(docker: Docker, id: string, onEnd: (reason: string) => void): () => void {
  let stopped = false;
  let stream: NodeJS.ReadableStream & { destroy?: () => void } = null as never;
  const stop = () => {
    stopped = true;
    stream?.destroy?.();
  };
  docker
    // Podman's API ignores an event filter: the container's events are read and the end picked out.
    .getEvents({ filters: { container: [id] } })
    .then((events) => {
      stream = events as typeof stream;
      if (stopped) return stop();
      let pending = "";
      events.on("data", (chunk: Buffer) => {
        pending += chunk.toString("utf8");
        const lines = pending.split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) {
          if (line.trim() === "" || stopped) continue;
          const event = JSON.parse(line) as {
            Action?: string;
            status?: string;
            Actor?: { Attributes?: Record<string, string> };
          };
          if ((event.Action ?? event.status) !== "die") continue;
          const code = event.Actor?.Attributes?.exitCode;
          stop();
          onEnd(`its container ended${code === undefined ? "" : ` with exit code ${code}`}`);
          return;
        }
      });
      events.on("error", () => {});
    })
    .catch(() => {});
  return stop;
}
