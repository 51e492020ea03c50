import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { containerNameOf, serverIdOf } from "../../apps/orchestrator/src/machines/docker/containerLabels.ts";
import { removeMachineContainer } from "../../apps/orchestrator/src/machines/docker/containerRemoval.ts";
import { removeContainersOfGoneAgents } from "../../apps/orchestrator/src/machines/docker/containerSweep.ts";
import {
  type ContainerEngine,
  createDockerMachine,
} from "../../apps/orchestrator/src/machines/docker/dockerMachine.ts";
import type { LifecycleMachine } from "../../apps/orchestrator/src/machines/lifecycle/machineLifecycle.ts";
import type { MachineLogger } from "../../apps/orchestrator/src/machines/local/localOptions.ts";

/** Each warning once: every machine of a stale image says so at its first start. */
const warned = new Set<string>();
const quietLogger: MachineLogger = {
  info() {},
  warn(message) {
    if (warned.has(message)) return;
    warned.add(message);
    process.stderr.write(`[machine] ${message}\n`);
  },
};

/** One container machine of the bench, and how to remove it (container, volume, folder). */
export interface BenchContainerMachine {
  machine: LifecycleMachine;
  /** The engine's name of its container. */
  containerName: string;
  remove(): Promise<void>;
}

/**
 * Makes the bench's container machines on one engine: all under a server id of their own (this
 * process, this moment), so their names never meet another bench's or test's, and sweep() removes
 * every one left, on Ctrl-C too.
 */
export function containerMachineMaker(engine: ContainerEngine, engineName: string) {
  const serverId = serverIdOf(`bench-container-machines-${engineName}-${process.pid}-${Date.now()}`);
  const roots = new Set<string>();
  const machines = new Set<LifecycleMachine>();
  let made = 0;

  const sweep = async (): Promise<void> => {
    // Stopped first: a container removed under a running machine is an unexpected end, and says so.
    await Promise.allSettled([...machines].map((machine) => machine.stop()));
    machines.clear();
    await removeContainersOfGoneAgents(engine.docker, serverId, async () => false).catch(() => {});
    for (const root of roots) rmSync(root, { recursive: true, force: true });
    roots.clear();
  };
  const onSignal = () => {
    void sweep().then(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  return {
    serverId,
    /** A machine not yet started (no container until its first start). */
    make(label: string): BenchContainerMachine {
      made += 1;
      const root = realpathSync(mkdtempSync(path.join(tmpdir(), "guilds-bench-cm-")));
      roots.add(root);
      const agentId = `bench-${label}-${made}`;
      const containerName = containerNameOf(serverId, agentId);
      const machine = createDockerMachine({ engine, agentId, root, serverId, logger: quietLogger });
      machines.add(machine);
      return {
        machine,
        containerName,
        async remove() {
          await machine.stop().catch(() => {});
          await removeMachineContainer(engine.docker, containerName);
          rmSync(root, { recursive: true, force: true });
          roots.delete(root);
          machines.delete(machine);
        },
      };
    },
    /** Removes every container of this maker (and their folders); the signal hooks go with it. */
    async dispose(): Promise<void> {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      await sweep();
    },
  };
}
