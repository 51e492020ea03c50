import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { containerNameOf, serverIdOf } from "../../src/machines/docker/containerLabels.ts";
import { removeMachineContainer } from "../../src/machines/docker/containerRemoval.ts";
import { createDockerMachine } from "../../src/machines/docker/dockerMachine.ts";
import type { LifecycleMachine } from "../../src/machines/lifecycle/machineLifecycle.ts";
import { probeBwrap } from "../../src/machines/local/bwrap/bwrapProbe.ts";
import { sandboxUser } from "../../src/machines/local/bwrap/sandboxUser.ts";
import { createLocalMachine } from "../../src/machines/local/localMachine.ts";
import type { MachineLogger } from "../../src/machines/local/localOptions.ts";
import { containerEngine, containerEngines } from "../machines/docker/containerEngines.ts";

export const silentLogger: MachineLogger = { info() {}, warn() {} };

/** The fake helper script (a misbehaving guilds-code), run with this Node. */
export const FAKE_HELPER = fileURLToPath(new URL("./fixtures/fakeHelper.mjs", import.meta.url));

/** The local provider's two sandboxes, and the docker provider on each engine. */
export type Sandbox = "unconfined" | "bwrap" | "docker" | "podman";

export interface SandboxAvailability {
  sandbox: Sandbox;
  /** The sandbox's name in test titles, with the reason when it is skipped. */
  label: string;
  /** Why the tests of this sandbox are skipped here; undefined when they run. */
  skipReason?: string;
}

/**
 * Unconfined always runs; bwrap runs where bubblewrap works here (else a bwrap machine does not
 * start); docker and podman where their sockets are given (containerEngines).
 */
export async function sandboxes(): Promise<SandboxAvailability[]> {
  const probe = await probeBwrap(sandboxUser("probe"));
  const local: SandboxAvailability[] = [{ sandbox: "unconfined", label: "unconfined" }];
  if (probe.usable) local.push({ sandbox: "bwrap", label: "bwrap" });
  else {
    const skipReason = `bwrap machine unavailable: ${probe.reason}`;
    local.push({ sandbox: "bwrap", label: `bwrap, skipped: ${skipReason}`, skipReason });
  }
  const containers = (await containerEngines()).map(({ name, label, skipReason }) => ({
    sandbox: name,
    label,
    ...(skipReason === undefined ? {} : { skipReason }),
  }));
  return [...local, ...containers];
}

export function freshRoot(): string {
  return realpathSync(mkdtempSync(path.join(tmpdir(), "guilds-toolbox-")));
}

export interface TestMachine {
  machine: LifecycleMachine;
  root: string;
  /** Stops the machine and removes its folder. */
  dispose(): Promise<void>;
}

export async function startMachine(sandbox: Sandbox, root = freshRoot()): Promise<TestMachine> {
  if (sandbox === "docker" || sandbox === "podman") return startContainerMachine(sandbox, root);
  const machine = await createLocalMachine({ agentId: "agent1", root, sandbox, logger: silentLogger });
  await machine.start();
  return {
    machine,
    root,
    async dispose() {
      await machine.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A container machine of its own (a new agent id: containers are named by agent), removed by dispose. */
async function startContainerMachine(name: "docker" | "podman", root: string): Promise<TestMachine> {
  const engine = await containerEngine(name);
  const agentId = `agent1-${path.basename(root)}`;
  const serverId = serverIdOf(`test-${process.pid}`);
  const machine = createDockerMachine({ engine, agentId, root, serverId, logger: silentLogger });
  await machine.start();
  return {
    machine,
    root,
    async dispose() {
      await machine.stop();
      await removeMachineContainer(engine.docker, containerNameOf(serverId, agentId));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A helper command that runs the fake helper in `mode`, recording each start in `marker`. */
export function fakeHelperCommand(mode: string, marker: string): () => string[] {
  return () => [process.execPath, FAKE_HELPER, mode, marker];
}
