import path from "node:path";
import { serverIdOf } from "../../src/machines/docker/containerLabels.ts";
import { removeContainersOfGoneAgents } from "../../src/machines/docker/containerSweep.ts";
import type { MachineExtras } from "../../src/machines/local/localOptions.ts";
import { createMachineRegistry, type MachineRegistry } from "../../src/machines/machineRegistry.ts";
import { containerEngine } from "../machines/docker/containerEngines.ts";
import { workingSandbox } from "../machines/workingSandbox.ts";
import type { Sandbox } from "../toolbox/machineFixture.ts";

export interface TestMachineRegistry {
  machines: MachineRegistry;
  /** Removes the containers the registry made (nothing for a local sandbox). */
  removeContainers(): Promise<void>;
}

const silent = { info() {}, warn() {}, error() {} };

/**
 * A machine registry over the data folder `home`, its machines on `sandbox`: a local sandbox, or a
 * container of that engine (its socket variable must be set); default bwrap where it works here.
 */
export async function createTestMachineRegistry(
  home: string,
  sandbox: Sandbox | undefined,
  extras?: MachineExtras,
): Promise<TestMachineRegistry> {
  if (sandbox !== "docker" && sandbox !== "podman") {
    const machines = createMachineRegistry({
      home,
      sandbox: sandbox ?? (await workingSandbox()),
      logger: silent,
      extras,
    });
    return { machines, removeContainers: async () => {} };
  }
  const engine = await containerEngine(sandbox);
  const machines = createMachineRegistry({ home, logger: silent, extras, docker: { engine } });
  const serverId = serverIdOf(path.join(home, "machines"));
  return {
    machines,
    async removeContainers() {
      await removeContainersOfGoneAgents(engine.docker, serverId, async () => false);
    },
  };
}
