import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import type { MachineLogger } from "../../src/machines/local/localOptions.ts";
import type { ExecOptions, Machine } from "../../src/machines/machine.ts";

export interface Ran {
  stdout: string;
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Runs a command to its end and collects what it printed. */
export async function run(
  machine: Machine,
  argv: string[],
  options: Partial<Omit<ExecOptions, "argv">> = {},
): Promise<Ran> {
  const child = machine.exec({ argv, env: { ...machine.baseEnv }, ...options });
  const [stdout, stderr, status] = await Promise.all([text(child.stdout), text(child.stderr), child.exit]);
  return { stdout, stderr, ...status };
}

export function bash(machine: Machine, script: string, options: Partial<Omit<ExecOptions, "argv">> = {}) {
  return run(machine, ["bash", "-c", script], options);
}

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A fresh machine root (home/ and run/ are made by the machine), removed by the returned function. */
export function tempRoot(): { root: string; remove: () => void } {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), "guilds-machine-")));
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** A logger that keeps what it was told. */
export function recordingLogger(): MachineLogger & { warnings: string[]; infos: string[] } {
  const warnings: string[] = [];
  const infos: string[] = [];
  return {
    warnings,
    infos,
    warn: (message) => warnings.push(message),
    info: (message) => infos.push(message),
  };
}

/** Host processes whose command line starts with `prefix` (to see that a machine's processes are gone). */
export function hostProcessesWith(prefix: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      if (commandLine.startsWith(prefix)) found.push(Number(entry));
    } catch {}
  }
  return found;
}

export async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return condition();
}
