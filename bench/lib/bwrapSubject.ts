import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { probeBwrap } from "../../apps/orchestrator/src/machines/local/bwrap/bwrapProbe.ts";
import { sandboxUser } from "../../apps/orchestrator/src/machines/local/bwrap/sandboxUser.ts";
import {
  createLocalMachine,
  type LocalMachine,
} from "../../apps/orchestrator/src/machines/local/localMachine.ts";
import {
  createHelperTransport,
  type HelperTransport,
} from "../../apps/orchestrator/src/toolbox/helperTransport.ts";

/** A started bwrap machine of the local provider and its long-lived helper, to compare with. */
export interface BwrapSubject {
  machine: LocalMachine;
  helpers: HelperTransport;
  dispose(): Promise<void>;
}

/** The bwrap machine, or why there is none here (bubblewrap does not work on this host). */
export async function openBwrapSubject(): Promise<BwrapSubject | { reason: string }> {
  const agentId = "bench-bwrap";
  const probe = await probeBwrap(sandboxUser(agentId));
  if (!probe.usable) return { reason: probe.reason };
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), "guilds-bench-bwrap-")));
  const machine = await createLocalMachine({
    agentId,
    root,
    sandbox: "bwrap",
    logger: { info() {}, warn: (message) => process.stderr.write(`[machine] ${message}\n`) },
  });
  const helpers = createHelperTransport({ mode: "session" });
  const dispose = async () => {
    helpers.close();
    await machine.stop().catch(() => {});
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await machine.start();
    return { machine, helpers, dispose };
  } catch (caught) {
    await dispose();
    throw caught;
  }
}
