import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createLocalMachine, type LocalMachine } from "../../src/machines/local/localMachine.ts";
import type { MachineLimits } from "../../src/machines/machineLimits.ts";
import { createHelperTransport, type HelperTransport } from "../../src/toolbox/helperTransport.ts";
import { shellTool } from "../../src/tools/shell/shell.ts";
import { shellStatusTool } from "../../src/tools/shellStatus/shellStatus.ts";
import { standaloneToolContext } from "../../src/tools/standaloneToolContext.ts";
import type { ToolResult } from "../../src/tools/tool.ts";
import { tempRoot } from "../machines/machineFixture.ts";
import { silentLogger } from "../toolbox/machineFixture.ts";

const MiB = 1024 * 1024;

/** Small limits, so that each attack reaches them in a moment. */
export const ATTACK_LIMITS: MachineLimits = {
  pids: 128,
  memoryBytes: 256 * MiB,
  cpus: 1,
  diskBytes: 64 * MiB,
  tmpfsBytes: 32 * MiB,
};

export interface AttackAgent {
  agentId: string;
  machine: LocalMachine;
  /** The agent home on this host. */
  homeHost: string;
  /** One shell call as the server makes it (the helper session, the whole transport). */
  shell(args: { command: string; timeout_seconds?: number; background?: boolean }): Promise<CallOutcome>;
  shellStatus(args: { id?: string; stop?: boolean }): Promise<CallOutcome>;
  dispose(): Promise<void>;
}

export interface CallOutcome {
  text: string;
  meta: Record<string, unknown>;
  ms: number;
}

let calls = 0;

/** A bwrap machine with `limits`, and its tool calls through the real helper transport. */
export async function attackAgent(
  agentId: string,
  limits: MachineLimits = ATTACK_LIMITS,
): Promise<AttackAgent> {
  const { root, remove } = tempRoot();
  const machine = await createLocalMachine({
    agentId,
    root,
    sandbox: "bwrap",
    logger: silentLogger,
    limits: () => limits,
  });
  await machine.start();
  const helpers: HelperTransport = createHelperTransport();
  const context = () =>
    standaloneToolContext({
      machine,
      helpers,
      runId: "run1",
      agentId,
      callId: `call${++calls}`,
      defaultCwd: "",
      secrets: {},
      repoTokens: {},
      maxBytes: 8192,
    });
  const timed = async (call: Promise<ToolResult>) => {
    const started = Date.now();
    const result = await call;
    // A fault of ours (the machine stopped under the call, ...) rejects with the fault itself.
    if (result.fault !== undefined) throw result.fault;
    if (!result.ok) throw new Error(`the call failed: ${JSON.stringify(result)}`);
    return { text: result.text ?? "", meta: result.meta ?? {}, ms: Date.now() - started };
  };
  return {
    agentId,
    machine,
    homeHost: path.join(root, "home"),
    shell: (args) => timed(shellTool.run(args, context())),
    shellStatus: (args) => timed(shellStatusTool.run(args, context())),
    async dispose() {
      helpers.close();
      await machine.stop();
      remove();
    },
  };
}

/** Processes on this host, for "the host is unaffected". */
export function hostProcessCount(): number {
  return readdirSync("/proc").filter((entry) => /^\d+$/.test(entry)).length;
}

/** Host processes running `sleep <marker>` (not the shells whose scripts name it). */
export function hostSleepers(marker: string): number {
  let found = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8") === `sleep\0${marker}\0`) found += 1;
    } catch {}
  }
  return found;
}
