import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { decodeBase64Json, encodeBase64Json } from "@guilds/protocol/base64Json";
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

/** A marker no other process of this host has in its command line: `sleep <marker>`. */
export function sleepMarker(): string {
  return `${1000 + Math.floor(Math.random() * 100_000)}.${process.pid}`;
}

/** The argv of one guilds-code op in the machine, as the one-shot transport runs it. */
export function codeOpArgv(machine: Machine, agentId: string, op: string, args: unknown): string[] {
  const request = encodeBase64Json({
    op,
    args,
    run_id: "run1",
    agent_id: agentId,
    call_id: `c${Date.now()}${Math.floor(Math.random() * 1000)}`,
    cwd: "",
    max_bytes: 8192,
  });
  return [...machine.helperCommand("guilds-code"), request];
}

/** Runs one guilds-code op in the machine, as the one-shot transport does, and returns its text. */
export async function codeOp(machine: Machine, agentId: string, op: string, args: unknown): Promise<string> {
  const ran = await run(machine, codeOpArgv(machine, agentId, op, args));
  const envelope = decodeBase64Json(ran.stdout) as { ok: boolean; text?: string; error?: unknown };
  if (!envelope.ok) throw new Error(`guilds-code ${op} failed: ${JSON.stringify(envelope.error)}`);
  return envelope.text ?? "";
}
