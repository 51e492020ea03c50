import { realpathSync } from "node:fs";
import { agentIdOf, machineRootOf } from "../../src/cli/localAgent.ts";
import { containerNameOf, serverIdOf } from "../../src/machines/docker/containerLabels.ts";
import { removeMachineContainer } from "../../src/machines/docker/containerRemoval.ts";
import { createLocalMachine } from "../../src/machines/local/localMachine.ts";
import { readMachineRecord } from "../../src/machines/local/records/machineRecord.ts";

import { containerEngine } from "../machines/docker/containerEngines.ts";

const silent = { info() {}, warn() {} };

/**
 * Stops the machine the CLI left running for this home (it outlives each call until its idle
 * stop), the way any later process would: adopting it, then stopping it.
 */
export async function stopCliMachine(homeArgument: string, sandbox = "bwrap"): Promise<void> {
  const home = realpathSync(homeArgument);
  const root = machineRootOf(home);
  if (sandbox === "docker" || sandbox === "podman") {
    const engine = await containerEngine(sandbox);
    await removeMachineContainer(engine.docker, containerNameOf(serverIdOf(root), agentIdOf(home)));
    return;
  }
  const record = await readMachineRecord(root);
  if (!record) return;
  const machine = await createLocalMachine({
    agentId: agentIdOf(home),
    root,
    homeDir: home,
    sandbox: record.sandbox,
    persistent: true,
    logger: silent,
  });
  await machine.start();
  await machine.stop();
}
