import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { probeBwrap } from "../../src/machines/local/bwrap/bwrapProbe.ts";
import { sandboxUser } from "../../src/machines/local/bwrap/sandboxUser.ts";
import { createLocalMachine, type LocalMachine } from "../../src/machines/local/localMachine.ts";
import type { Machine } from "../../src/machines/machine.ts";

export interface RepoMachine {
  machine: LocalMachine;
  /** The machine's folder on this host (home/ and run/). */
  root: string;
  /** The home on this host. */
  homeHost: string;
  /** The uid that owns what the machine's processes write. */
  sandboxUid: number;
  dispose(): Promise<void>;
}

/** A temporary folder on this host, removed by the returned function. */
export function tempFolder(prefix: string): { folder: string; remove: () => void } {
  const folder = realpathSync(mkdtempSync(path.join(tmpdir(), prefix)));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** A started local machine under bwrap where it works here, else unconfined (saying why). */
export async function startRepoMachine(agentId: string): Promise<RepoMachine> {
  const { folder: root, remove } = tempFolder("guilds-repos-");
  const user = sandboxUser(agentId);
  const probe = await probeBwrap(user);
  if (!probe.usable) console.warn(`repos tests run UNCONFINED: bwrap is unusable here: ${probe.reason}`);
  const machine = await createLocalMachine({
    agentId,
    root,
    sandbox: probe.usable ? "bwrap" : "unconfined",
    logger: { info() {}, warn() {} },
  });
  await machine.start();
  return {
    machine,
    root,
    homeHost: path.join(root, "home"),
    sandboxUid: probe.usable ? user.uid : (process.getuid?.() ?? 0),
    async dispose() {
      await machine.stop();
      remove();
    },
  };
}

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command inside the machine to its end; `stdin` is written to it, then closed. */
export async function runInside(
  machine: Machine,
  argv: string[],
  options: { cwd?: string; stdin?: string; env?: Record<string, string> } = {},
): Promise<Ran> {
  const child = machine.exec({
    argv,
    env: { ...machine.baseEnv, GIT_TERMINAL_PROMPT: "0", ...options.env },
    cwd: options.cwd,
    stdin: options.stdin === undefined ? "ignore" : "pipe",
  });
  if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  const [stdout, stderr, exit] = await Promise.all([text(child.stdout), text(child.stderr), child.exit]);
  return { code: exit.code, stdout, stderr };
}

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
