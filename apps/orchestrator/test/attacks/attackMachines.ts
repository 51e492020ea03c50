import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { containerNameOf, serverIdOf } from "../../src/machines/docker/containerLabels.ts";
import { removeMachineContainer } from "../../src/machines/docker/containerRemoval.ts";
import { type ContainerEngine, createDockerMachine } from "../../src/machines/docker/dockerMachine.ts";
import type { LifecycleMachine } from "../../src/machines/lifecycle/machineLifecycle.ts";
import { createLocalMachine } from "../../src/machines/local/localMachine.ts";
import type { MachineLimits } from "../../src/machines/machineLimits.ts";
import { createHelperTransport, type HelperTransport } from "../../src/toolbox/helperTransport.ts";
import { shellTool } from "../../src/tools/shell/shell.ts";
import { shellStatusTool } from "../../src/tools/shellStatus/shellStatus.ts";
import { standaloneToolContext } from "../../src/tools/standaloneToolContext.ts";
import type { ToolResult } from "../../src/tools/tool.ts";
import { containerEngine } from "../machines/docker/containerEngines.ts";
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

/** Where the attacked machine runs: bubblewrap on this host, or a container of either engine. */
export type AttackProvider = "bwrap" | "docker" | "podman";

export interface AttackAgent {
  provider: AttackProvider;
  agentId: string;
  machine: LifecycleMachine;
  /** The machine's container and its engine; null for a bwrap machine. */
  container: { engine: ContainerEngine; name: string } | null;
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

/**
 * A machine of `provider` with `limits`, and its tool calls through the real helper transport. A
 * container gets a name of this test process's own (other tests share the engines), removed by dispose.
 */
export async function attackAgent(
  provider: AttackProvider,
  agentId: string,
  limits: MachineLimits = ATTACK_LIMITS,
): Promise<AttackAgent> {
  const { root, remove } = tempRoot();
  let machine: LifecycleMachine;
  let container: AttackAgent["container"] = null;
  if (provider === "bwrap") {
    machine = await createLocalMachine({
      agentId,
      root,
      sandbox: "bwrap",
      logger: silentLogger,
      limits: () => limits,
    });
  } else {
    const engine = await containerEngine(provider);
    const serverId = serverIdOf(`guilds-test-attacks-${process.pid}`);
    machine = createDockerMachine({
      engine,
      agentId,
      root,
      serverId,
      logger: silentLogger,
      limits: () => limits,
    });
    container = { engine, name: containerNameOf(serverId, agentId) };
  }
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
    provider,
    agentId,
    machine,
    container,
    homeHost: path.join(root, "home"),
    shell: (args) => timed(shellTool.run(args, context())),
    shellStatus: (args) => timed(shellStatusTool.run(args, context())),
    async dispose() {
      helpers.close();
      await machine.stop();
      if (container !== null) await removeMachineContainer(container.engine.docker, container.name);
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
