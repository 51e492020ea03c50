import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The CLI as a user runs it: the built bin, a real process. */
export const GUILDS_BIN = fileURLToPath(new URL("../../bin/guilds.mjs", import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of a CLI process: PATH and HOME, no model keys, plus `extra`. */
export function cliEnvironment(extra: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/tmp", ...extra };
}

/** One CLI call to its end; `input`, when given, is written to its stdin (else stdin is closed). */
export function runCli(
  args: string[],
  environment: Record<string, string> = {},
  input?: string,
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [GUILDS_BIN, ...args], {
      env: cliEnvironment(environment),
      stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin?.end(input);
  });
}
