import type { BenchServer } from "./benchServer.ts";
import { frameEvent, openSseStream } from "./sseStream.ts";

/** The run.ended events of a guild, seen as a client sees them: on the guild's SSE stream. */
export interface RunEnds {
  /** Resolves once `count` more runs have ended (counted from this call). */
  next(count: number): Promise<void>;
  close(): void;
}

export async function watchRunEnds(server: BenchServer, guildId: string): Promise<RunEnds> {
  let ended = 0;
  let waiting: { until: number; resolve: () => void } | undefined;
  const stream = await openSseStream(
    `${server.origin}/api/guilds/${guildId}/events`,
    server.token,
    (frames) => {
      for (const frame of frames) if (frameEvent(frame) === "run.ended") ended += 1;
      if (waiting && ended >= waiting.until) {
        waiting.resolve();
        waiting = undefined;
      }
    },
  );
  return {
    next(count) {
      return new Promise((resolve) => {
        waiting = { until: ended + count, resolve };
      });
    },
    close: () => stream.close(),
  };
}
