import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { expect } from "vitest";
import { useAcrossTests } from "../support/acrossTests.ts";
import { type CliRun, cliEnvironment, GUILDS_BIN, runCli } from "./runCli.ts";

export { cliEnvironment };

/** A CLI call with `input` on its stdin. */
export function runCliWithInput(
  args: string[],
  input: string,
  environment: Record<string, string>,
): Promise<CliRun> {
  return runCli(args, environment, input);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stderr(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** How long `guilds serve` may take to answer GET /healthz, unless the caller says otherwise (a loaded machine: many seconds). */
const SERVER_START_MS = 40_000;

/** `guilds serve` on a free port, resolved once GET /healthz answers. */
export async function startServer(
  environment: Record<string, string>,
  startMs = SERVER_START_MS,
): Promise<ServerProcess> {
  const port = await freePort();
  const serve = await spawnServe(["--port", String(port)], environment, `http://127.0.0.1:${port}`, startMs);
  return {
    ...serve,
    stop: () => {
      serve.child.kill("SIGTERM");
      return serve.exited;
    },
  };
}

/**
 * For the file that calls it: `guilds serve` on `environment` once `prepare` has run, and an operator
 * token. After the file the server must stop with exit code 0; `home` is removed.
 */
export function useServedHome(
  home: string,
  environment: Record<string, string>,
  prepare: () => Promise<void> = async () => {},
): { server: ServerProcess; token: string } {
  return useAcrossTests(async () => {
    await prepare();
    const server = await startServer(environment);
    const token = (await runCli(["token", "create", "me"], environment)).stdout.trim();
    const dispose = async () => {
      const code = await server.stop();
      rmSync(home, { recursive: true, force: true });
      expect(code).toBe(0);
    };
    return { server, token, dispose };
  });
}

/** A `guilds serve` process: where it listens, its exit, and its stderr so far. */
export interface ServeChild {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  stderr(): string;
}

/**
 * `guilds serve <args>` listening at `url`, resolved once GET /healthz answers. Should it exit first,
 * or not answer within `upMs`, it is killed and the start fails with its stderr.
 */
export async function spawnServe(
  args: string[],
  environment: Record<string, string>,
  url: string,
  upMs: number,
): Promise<ServeChild> {
  const child = spawn(process.execPath, [GUILDS_BIN, "serve", ...args], {
    env: cliEnvironment(environment),
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + upMs;
  for (;;) {
    const status = await fetch(`${url}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { url, child, exited, stderr: () => stderr };
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      await exited;
      throw new Error(`guilds serve did not come up in ${upMs / 1000} s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
