import { realpathSync } from "node:fs";
import { agentIdOf, machineRootOf } from "../../src/cli/localAgent.ts";
import { createLocalMachine } from "../../src/machines/local/localMachine.ts";
import { readMachineRecord } from "../../src/machines/local/records/machineRecord.ts";

const silent = { info() {}, warn() {} };

/**
 * Stops the machine the CLI left running for this home (it outlives each call until its idle
 * stop), the way any later process would: adopting it, then stopping it.
 */
export async function stopCliMachine(homeArgument: string): Promise<void> {
  const home = realpathSync(homeArgument);
  const root = machineRootOf(home);
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
