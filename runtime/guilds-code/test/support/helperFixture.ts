import { execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { decodeBase64Json, encodeBase64Json } from "@guilds/protocol/base64Json";
import { Envelope } from "@guilds/protocol/envelope";
import type { HelperRequestInput } from "@guilds/protocol/helperRequest";
import { test as base } from "vitest";

/** The built helper, run the way a machine runs it: one process per call. */
export const HELPER = fileURLToPath(new URL("../../dist/guilds-code", import.meta.url));

const require = createRequire(import.meta.url);
/** ripgrep from @vscode/ripgrep, as the machines put it on PATH. */
export const RG_DIR = path.dirname(
  require.resolve("@vscode/ripgrep-linux-x64/bin/rg", { paths: [path.resolve(HELPER, "../../../..")] }),
);

export interface HelperHome {
  /** The agent home (a fresh temp dir). */
  home: string;
  /** Stands in for /run/guilds. */
  runtimeDir: string;
  /** Runs one op through the built helper; the run id defaults to "run1", the call id counts up. */
  call(op: string, args: unknown, request?: Partial<HelperRequestInput>): Promise<Envelope>;
}

/** How the fixture's calls reach the helper: one process per call, or lines to one `guilds-code serve`. */
export type HelperTransport = "one-shot" | "serve";
export const TRANSPORTS: HelperTransport[] = ["one-shot", "serve"];

type Caller = (encodedRequest: string) => Promise<Envelope>;

let callCounter = 0;

export const test = base.extend<{ transport: HelperTransport; helper: HelperHome }>({
  transport: "one-shot",
  helper: async ({ transport }, use) => {
    const root = realpathSync(mkdtempSync(path.join(tmpdir(), "guilds-code-")));
    const home = path.join(root, "home");
    const runtimeDir = path.join(root, "run");
    mkdirSync(home);
    mkdirSync(runtimeDir);
    const environment = {
      HOME: home,
      GUILDS_RUNTIME_DIR: runtimeDir,
      PATH: `${RG_DIR}:/usr/local/bin:/usr/bin:/bin`,
      LANG: "C.UTF-8",
    };
    const served = transport === "serve" ? serveCaller(environment) : null;
    const send = served?.call ?? oneShotCaller(environment);
    const call = (op: string, args: unknown, request: Partial<HelperRequestInput> = {}) => {
      callCounter += 1;
      return send(
        encodeBase64Json({
          op,
          args,
          run_id: "run1",
          agent_id: "agent1",
          call_id: `c${callCounter}`,
          cwd: "",
          max_bytes: 8192,
          ...request,
        }),
      );
    };
    await use({ home, runtimeDir, call });
    await served?.close();
    rmSync(root, { recursive: true, force: true });
  },
});

function oneShotCaller(environment: Record<string, string>): Caller {
  return (encoded) =>
    new Promise<Envelope>((resolve, reject) => {
      execFile(
        process.execPath,
        [HELPER, encoded],
        { env: environment, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          if (error) return reject(new Error(`helper failed: ${error.message}\n${stderr}`));
          resolve(Envelope.parse(decodeBase64Json(stdout)));
        },
      );
    });
}

/** One `guilds-code serve` for the test, as a machine's server runs it. */
function serveCaller(environment: Record<string, string>): { call: Caller; close(): Promise<void> } {
  const child = spawn(process.execPath, [HELPER, "serve"], {
    env: environment,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const waiting = new Map<string, (envelope: Envelope) => void>();
  let buffered = "";
  child.stdout.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    for (let newline = buffered.indexOf("\n"); newline !== -1; newline = buffered.indexOf("\n")) {
      const [id = "", encoded = ""] = buffered.slice(0, newline).split(" ");
      buffered = buffered.slice(newline + 1);
      waiting.get(id)?.(Envelope.parse(decodeBase64Json(encoded)));
      waiting.delete(id);
    }
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let lines = 0;
  return {
    call: (encoded) => {
      lines += 1;
      const id = String(lines);
      return new Promise((resolve, reject) => {
        waiting.set(id, resolve);
        exited.then(() => reject(new Error("guilds-code serve exited before answering")));
        child.stdin.write(`${id} ${encoded}\n`);
      });
    },
    close: async () => {
      child.stdin.end();
      await exited;
    },
  };
}
