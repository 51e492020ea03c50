import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodeBase64Json, encodeBase64Json } from "@guilds/protocol/base64Json";
import { Envelope } from "@guilds/protocol/envelope";
import type { HelperRequestInput } from "@guilds/protocol/helperRequest";
import { test as base } from "vitest";
import { HELPER, RG_DIR } from "./helperPaths.ts";
import { startServe } from "./helperProcess.ts";

export { HELPER, RG_DIR };

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
    const served = transport === "serve" ? serveCaller({ home, runtimeDir }) : null;
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
function serveCaller(helper: Pick<HelperHome, "home" | "runtimeDir">): {
  call: Caller;
  close(): Promise<void>;
} {
  const serve = startServe(helper);
  let lines = 0;
  return {
    call: (encoded) => {
      lines += 1;
      const id = String(lines);
      serve.sendLine(`${id} ${encoded}`);
      return serve.answer(id);
    },
    close: async () => {
      serve.process.stdin?.end();
      await serve.exit;
    },
  };
}
