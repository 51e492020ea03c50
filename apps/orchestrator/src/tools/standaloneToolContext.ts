import type { Machine } from "../machines/machine.ts";
import { createRedactor } from "../pipeline/redactor.ts";
import type { HelperTransport } from "../toolbox/helperTransport.ts";
import { PAGE_TIMING } from "./codeTask/taskTurn.ts";
import type { ToolContext } from "./toolContext.ts";

/** One call outside any run: where it runs, for whom, with which secrets, and its cancel. */
export interface StandaloneCall {
  machine: Machine;
  helpers: HelperTransport;
  runId: string;
  agentId: string;
  callId: string;
  defaultCwd: string;
  secrets: Readonly<Record<string, string>>;
  repoTokens: Readonly<Record<string, string>>;
  maxBytes: number;
  signal?: AbortSignal;
}

/**
 * The context of a check tool's call outside a run (`guilds tool`, the benchmarks, the tests):
 * no repositories to prepare, no run to report progress or a task to, no earlier reads, and an
 * agent without a harness (a code_task fails at its first step, harness.missing).
 */
export function standaloneToolContext(call: StandaloneCall): ToolContext {
  return {
    machine: call.machine,
    runId: call.runId,
    callId: call.callId,
    agent: { id: call.agentId, guildId: "", harness: null, harnessModel: null, harnessEffort: null },
    defaultCwd: call.defaultCwd,
    secrets: call.secrets,
    repoTokens: call.repoTokens,
    redactor: createRedactor([...Object.values(call.secrets), ...Object.values(call.repoTokens)]),
    maxBytes: call.maxBytes,
    repositories: { names: [], ensureCloned: async () => undefined, refreshTokens: async () => undefined },
    signal: call.signal ?? new AbortController().signal,
    helpers: call.helpers,
    codeTasks: {
      harnesses: call.helpers,
      notes: {
        read: async () => ({ ok: false, reason: "missing", message: "There are no notes outside a run." }),
      },
      harnessesOff: [],
      timing: PAGE_TIMING,
    },
    progress: () => undefined,
    recordTask: async () => undefined,
    earlierFileReads: async () => [],
  };
}
