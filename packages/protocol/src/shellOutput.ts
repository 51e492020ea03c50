import { z } from "zod";
import { TASK_PROGRESS_LINE_MAX_CHARS, TASK_PROGRESS_LINES_MAX } from "./harnessLimits.ts";
import { BackgroundState } from "./toolMeta.ts";

/**
 * guilds-code's `shell_output` op: the new lines of a shell call's log, for the app's live view of
 * a running command. Not a tool: the model never sees it. Its request names the call whose log it
 * reads (run_id and call_id, as the shell call's own request did).
 */

export {
  SHELL_OUTPUT_BACKGROUND_POLL_MS,
  SHELL_OUTPUT_EARLIER_MARK,
  SHELL_OUTPUT_FIRST_POLL_MS,
  SHELL_OUTPUT_LINE_MAX_BYTES,
  SHELL_OUTPUT_POLL_INTERVAL_MS,
  SHELL_OUTPUT_READ_MAX_BYTES,
} from "./shellOutputLimits.ts";

export const ShellOutputArgs = z.strictObject({
  /** Byte offset where the last answer stopped; null for the latest lines only (a detail just opened). */
  offset: z.number().int().min(0).nullable(),
  /** The offset is inside a line already shown by its start: read from the next line. */
  skip_line: z.boolean().default(false),
});
export type ShellOutputArgs = z.infer<typeof ShellOutputArgs>;

export const ShellOutputMeta = z.object({
  /**
   * The whole lines written since `offset`, cleaned of escapes and redraws, at most
   * TASK_PROGRESS_LINES_MAX (the earlier ones replaced by SHELL_OUTPUT_EARLIER_MARK). Not yet
   * redacted nor cut at 240 characters: the orchestrator redacts, then cuts.
   */
  lines: z.array(z.string()),
  /** Where the next answer starts: after the last line read. */
  offset: z.number().int().min(0),
  skip_line: z.boolean(),
  /** The background command writing this log, as shell_status reads it; null for a foreground call's log. */
  background_state: BackgroundState.nullable(),
  /** No log for this call (not written yet, or removed). */
  missing: z.boolean(),
});
export type ShellOutputMeta = z.infer<typeof ShellOutputMeta>;

/**
 * GET /api/runs/{runId}/tool-calls/{callId}/output: a background command's new output lines, read
 * from the agent's machine (never waking it) while an operator has the call's detail open.
 */
export const BackgroundOutputView = z
  .strictObject({
    lines: z
      .array(z.string())
      .describe(
        `The whole lines written since the cursor (the latest ones without a cursor), at most ${TASK_PROGRESS_LINES_MAX}, redacted, cut at ${TASK_PROGRESS_LINE_MAX_CHARS} characters.`,
      ),
    next_cursor: z.string().describe("Pass it as ?cursor= to read on from the last line read."),
    state: BackgroundState.describe(
      "The command's state as shell_status reads it; ended when the machine is not running.",
    ),
  })
  .meta({ id: "BackgroundOutput" });
export type BackgroundOutputView = z.output<typeof BackgroundOutputView>;
