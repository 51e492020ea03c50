import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { probeBwrap } from "../../src/machines/local/bwrap/bwrapProbe.ts";
import { sandboxUser } from "../../src/machines/local/bwrap/sandboxUser.ts";
import { createLocalMachine, type LocalMachine } from "../../src/machines/local/localMachine.ts";
import type { MachineLogger } from "../../src/machines/local/localOptions.ts";

export const silentLogger: MachineLogger = { info() {}, warn() {} };

/** The fake helper script (a misbehaving guilds-code), run with this Node. */
export const FAKE_HELPER = fileURLToPath(new URL("./fixtures/fakeHelper.mjs", import.meta.url));

export type Sandbox = "unconfined" | "bwrap";

export interface SandboxAvailability {
  sandbox: Sandbox;
  /** The sandbox's name in test titles, with the reason when it is skipped. */
  label: string;
  /** Why the tests of this sandbox are skipped here; undefined when they run. */
  skipReason?: string;
}

/** Unconfined always runs; bwrap runs where bubblewrap works here (else a bwrap machine does not start). */
export async function sandboxes(): Promise<SandboxAvailability[]> {
  const probe = await probeBwrap(sandboxUser("probe"));
  if (probe.usable) {
    return [
      { sandbox: "unconfined", label: "unconfined" },
      { sandbox: "bwrap", label: "bwrap" },
    ];
  }
  const skipReason = `bwrap machine unavailable: ${probe.reason}`;
  return [
    { sandbox: "unconfined", label: "unconfined" },
    { sandbox: "bwrap", label: `bwrap, skipped: ${skipReason}`, skipReason },
  ];
}

export function freshRoot(): string {
  return realpathSync(mkdtempSync(path.join(tmpdir(), "guilds-toolbox-")));
}

export interface TestMachine {
  machine: LocalMachine;
  root: string;
  /** Stops the machine and removes its folder. */
  dispose(): Promise<void>;
}

export async function startMachine(sandbox: Sandbox, root = freshRoot()): Promise<TestMachine> {
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

/** A helper command that runs the fake helper in `mode`, recording each start in `marker`. */
export function fakeHelperCommand(mode: string, marker: string): () => string[] {
  return () => [process.execPath, FAKE_HELPER, mode, marker];
}
