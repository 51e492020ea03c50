import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
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

/** How long `guilds serve` may take to answer GET /healthz, unless the caller says otherwise. */
const SERVER_START_MS = 20_000;

/** `guilds serve` on a free port, resolved once GET /healthz answers. */
export async function startServer(
  environment: Record<string, string>,
  startMs = SERVER_START_MS,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [GUILDS_BIN, "serve", "--port", String(port)], {
    env: cliEnvironment(environment),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startMs;
  for (;;) {
    const status = await fetch(`${url}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGTERM");
      await exited;
      throw new Error(`guilds serve did not come up in ${startMs / 1000} s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    stderr: () => stderr,
    stop: () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}
