// The guilds-harness ops of a task, the transport they go through, and what every code_task shares.
import { isErrorCode } from "@guilds/protocol/errorCodes";
import { GuildsError } from "@guilds/protocol/guildsError";
import {
  CheckMeta,
  type HarnessName,
  LogMeta,
  PollMeta,
  ResultMeta,
  type StartArgs,
  StartMeta,
  StopMeta,
} from "@guilds/protocol/harness";
import { HARNESS_OP_TIMEOUT_MS } from "@guilds/protocol/harnessLimits";
import { HelperRequest } from "@guilds/protocol/helperRequest";
import type { z } from "zod";
import type { Machine } from "../../machines/machine.ts";
import type { NoteReader } from "../../notes/noteReader.ts";
import { callEnvironment } from "../../toolbox/callEnvironment.ts";
import { createHelperTransport, type HelperTransport } from "../../toolbox/helperTransport.ts";
import { PAGE_TIMING, type TaskTiming } from "./taskTurn.ts";

/** Which task the ops act on, and for whom. */
export interface HarnessCall {
  machine: Machine;
  runId: string;
  agentId: string;
  callId: string;
  /** The repository's folder name under repos/: every op's working directory. */
  repository: string;
  /** The agent's secrets under their names and aliases: the harness's environment. */
  secrets: Readonly<Record<string, string>>;
  /** CODE_RESULT_MAX_BYTES. */
  maxBytes: number;
}

/** The helper's answer when a kept log is gone (pruned with its run's folder). */
export const LOG_MISSING = "missing";

/**
 * The guilds-harness ops of one task, each one short exec through the transport (which wakes the
 * machine and holds it awake for the op). Each answer's meta is checked against the protocol; the
 * helper's { ok: false } and a meta the protocol refuses throw GuildsError.
 */
export function harnessOps(transport: HelperTransport, call: HarnessCall) {
  const run = async <Meta extends z.ZodType>(
    op: string,
    args: unknown,
    meta: Meta,
    maxBytes = call.maxBytes,
  ) => {
    const request = HelperRequest.parse({
      op,
      args,
      run_id: call.runId,
      agent_id: call.agentId,
      call_id: call.callId,
      cwd: `repos/${call.repository}`,
      max_bytes: maxBytes,
      env: callEnvironment(call.secrets, call.machine.ports),
      // The harness never gets the repositories' tokens: git reads them through the credential helper.
      repo_tokens: {},
    });
    const envelope = await transport.run(call.machine, request);
    if (!envelope.ok) {
      // A code the table does not know (a helper built from other sources) is harness.op_failed.
      const code = isErrorCode(envelope.error.code) ? envelope.error.code : "harness.op_failed";
      throw new GuildsError(code, `guilds-harness ${op}: ${envelope.error.message}`);
    }
    const parsed = meta.safeParse(envelope.meta);
    if (parsed.success) return parsed.data as z.output<Meta>;
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new GuildsError(
      "harness.op_failed",
      `guilds-harness answered ${op} with meta the protocol refuses (${problems.join("; ")}). Rebuild the helpers (npm run build) so the server and guilds-harness agree.`,
    );
  };

  return {
    check: (harness: HarnessName) => run("check", { harness }, CheckMeta),
    start: (args: z.input<typeof StartArgs>) => run("start", args, StartMeta),
    poll: (harness: HarnessName, offset: number) => run("poll", { harness, offset }, PollMeta),
    result: (harness: HarnessName) => run("result", { harness }, ResultMeta),
    stop: (harness: HarnessName) => run("stop", { harness }, StopMeta),
    /** The kept log, or LOG_MISSING once it is gone. */
    async log(harness: HarnessName, limits: { maxBytes: number; maxLines: number; answerBytes: number }) {
      try {
        return await run(
          "log",
          { harness, max_bytes: limits.maxBytes, max_lines: limits.maxLines },
          LogMeta,
          limits.answerBytes,
        );
      } catch (caught) {
        if (caught instanceof GuildsError && isMissingLog(caught.code)) return LOG_MISSING;
        throw caught;
      }
    },
  };
}

export type HarnessOps = ReturnType<typeof harnessOps>;

function isMissingLog(code: string): boolean {
  return /(^|\.)(missing|not_found|gone)$/.test(code);
}

/**
 * "guilds-harness runs one short exec per op, with the same transport as guilds-code": one process
 * per op (it has no long-lived mode), each waiting up to HARNESS_OP_TIMEOUT_MS.
 */
export function createHarnessTransport(): HelperTransport {
  return createHelperTransport({
    mode: "one-shot",
    helperCommand: (machine) => machine.helperCommand("guilds-harness"),
    helperName: "guilds-harness",
    deadlines: { opMs: HARNESS_OP_TIMEOUT_MS },
  });
}

/** What every code_task of the engine shares. */
export interface CodeTaskDeps {
  /** The guilds-harness transport. */
  harnesses: HelperTransport;
  notes: NoteReader;
  /** GUILDS_HARNESSES_OFF. */
  harnessesOff: readonly HarnessName[];
  timing: TaskTiming;
}

/** The run service's choices for code_task; tests shorten the timing or put a transport in between. */
export interface CodeTaskOptions {
  timing?: Partial<TaskTiming>;
  harnesses?: HelperTransport;
}

export function createCodeTaskDeps(input: {
  notes: NoteReader;
  harnessesOff: readonly HarnessName[] | undefined;
  options: CodeTaskOptions | undefined;
}): CodeTaskDeps {
  return {
    harnesses: input.options?.harnesses ?? createHarnessTransport(),
    notes: input.notes,
    harnessesOff: input.harnessesOff ?? [],
    timing: { ...PAGE_TIMING, ...input.options?.timing },
  };
}
