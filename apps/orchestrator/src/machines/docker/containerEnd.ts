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
    .getEvents({ filters: { container: [id], event: ["die"] } })
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
          const event = JSON.parse(line) as { Actor?: { Attributes?: Record<string, string> } };
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
