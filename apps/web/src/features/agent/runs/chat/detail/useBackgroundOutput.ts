import { TASK_PROGRESS_KEPT_LINES } from "@guilds/protocol/harnessLimits";
import { SHELL_OUTPUT_BACKGROUND_POLL_MS } from "@guilds/protocol/shellOutput";
import type { BackgroundState } from "@guilds/protocol/toolMeta";
import { useEffect, useState } from "react";
import { ApiError, answer, guildsApi } from "../../../../../api/apiClient.ts";

export interface BackgroundOutputState {
  lines: readonly string[];
  /** null until the first answer. */
  state: BackgroundState | null;
  error: unknown;
}

/**
 * A background command's output while the detail showing it is mounted: its latest lines first,
 * then the new ones every SHELL_OUTPUT_BACKGROUND_POLL_MS, until the command is no longer running
 * or the server refuses (4xx). A failed read is tried again at the next tick.
 */
export function useBackgroundOutput(runId: string, callId: string): BackgroundOutputState {
  const [shown, setShown] = useState<BackgroundOutputState>({ lines: [], state: null, error: null });
  useEffect(() => {
    let unmounted = false;
    let cursor: string | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const query = cursor === undefined ? {} : { cursor };
        const read = await answer(
          guildsApi.GET("/api/runs/{runId}/tool-calls/{callId}/output", {
            params: { path: { runId, callId }, query },
          }),
        );
        if (unmounted) return;
        cursor = read.next_cursor;
        setShown((before) => ({
          lines:
            read.lines.length === 0
              ? before.lines
              : [...before.lines, ...read.lines].slice(-TASK_PROGRESS_KEPT_LINES),
          state: read.state,
          error: null,
        }));
        if (read.state !== "running" && read.state !== "stopping") return;
      } catch (error) {
        if (unmounted) return;
        setShown((before) => ({ ...before, error }));
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
      }
      timer = setTimeout(read, SHELL_OUTPUT_BACKGROUND_POLL_MS);
    };
    void read();
    return () => {
      unmounted = true;
      clearTimeout(timer);
    };
  }, [runId, callId]);
  return shown;
}
