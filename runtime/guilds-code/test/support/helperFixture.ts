import { execFile } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
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

let callCounter = 0;

export const test = base.extend<{ helper: HelperHome }>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest fixtures take their dependencies as a pattern
  helper: async ({}, use) => {
    const root = realpathSync(mkdtempSync(path.join(tmpdir(), "guilds-code-")));
    const home = path.join(root, "home");
    const runtimeDir = path.join(root, "run");
    await import("node:fs").then((fs) => {
      fs.mkdirSync(home);
      fs.mkdirSync(runtimeDir);
    });
    const environment = {
      HOME: home,
      GUILDS_RUNTIME_DIR: runtimeDir,
      PATH: `${RG_DIR}:/usr/local/bin:/usr/bin:/bin`,
      LANG: "C.UTF-8",
    };
    const call = (op: string, args: unknown, request: Partial<HelperRequestInput> = {}) => {
      callCounter += 1;
      const encoded = encodeBase64Json({
        op,
        args,
        run_id: "run1",
        agent_id: "agent1",
        call_id: `c${callCounter}`,
        cwd: "",
        max_bytes: 8192,
        ...request,
      });
      return new Promise<Envelope>((resolve, reject) => {
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
    };
    await use({ home, runtimeDir, call });
    rmSync(root, { recursive: true, force: true });
  },
});
