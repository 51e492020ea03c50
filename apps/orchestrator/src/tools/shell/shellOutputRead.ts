import { GuildsError } from "@guilds/protocol/guildsError";
import { HelperRequest } from "@guilds/protocol/helperRequest";
import { CODE_RESULT_MAX_BYTES_MIN } from "@guilds/protocol/limits";
import { ShellOutputMeta } from "@guilds/protocol/shellOutput";
import type { BackgroundState } from "@guilds/protocol/toolMeta";
import type { Machine } from "../../machines/machine.ts";
import type { Redactor } from "../../pipeline/redactor.ts";
import type { HelperTransport } from "../../toolbox/helperTransport.ts";
import { progressLines } from "../codeTask/taskTurn.ts";

/** Where the last read of a call's log stopped; null offset for its latest lines. */
export interface ShellOutputCursor {
  offset: number | null;
  skipLine: boolean;
}

export const LATEST_LINES: ShellOutputCursor = { offset: null, skipLine: false };

export interface ShellOutputRead {
  /** Redacted, then cut at 240 characters, as code_task's progress lines. */
  lines: string[];
  next: ShellOutputCursor;
  /** The background command writing the log; null for a foreground call's. */
  backgroundState: BackgroundState | null;
  missing: boolean;
}

export interface ShellCallIds {
  runId: string;
  agentId: string;
  callId: string;
}

/**
 * One read of a shell call's log through guilds-code's shell_output op. The request carries no
 * secret and no token: it runs no command. `sessionOnly`: never a process of its own (helper.failed
 * when the long-lived helper is not up).
 */
export async function readShellOutput(
  helpers: HelperTransport,
  machine: Machine,
  ids: ShellCallIds,
  cursor: ShellOutputCursor,
  redactor: Redactor,
  sessionOnly = false,
): Promise<ShellOutputRead> {
  const request = HelperRequest.parse({
    op: "shell_output",
    args: { offset: cursor.offset, skip_line: cursor.skipLine },
    run_id: ids.runId,
    agent_id: ids.agentId,
    call_id: ids.callId,
    cwd: "",
    max_bytes: CODE_RESULT_MAX_BYTES_MIN,
  });
  const envelope = await helpers.run(machine, request, { sessionOnly });
  if (!envelope.ok) {
    throw new GuildsError(
      "helper.failed",
      `guilds-code could not read the call's output: ${envelope.error.message}`,
    );
  }
  const meta = ShellOutputMeta.parse(envelope.meta);
  return {
    lines: progressLines(meta.lines, redactor),
    next: { offset: meta.offset, skipLine: meta.skip_line },
    backgroundState: meta.background_state,
    missing: meta.missing,
  };
}
