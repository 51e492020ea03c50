import { execFile } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodeBase64Json, encodeBase64Json } from "@guilds/protocol/base64Json";
import { Envelope } from "@guilds/protocol/envelope";
import type { HelperRequestInput } from "@guilds/protocol/helperRequest";
import { test as base } from "vitest";
import { buildHelper } from "./builtHelper.ts";
import { type FakeScenario, installFakeClis } from "./fakeClis.ts";
import { writeLogins } from "./harnessLogins.ts";

export const RUN_ID = "run1";
export const AGENT_ID = "agent1";
export const REPO = "demo";

export interface HarnessHome {
  /** The built helper (a bundle of this test file's own). */
  helper: string;
  root: string;
  /** The agent home: a fresh temp folder with repos/demo and every harness's login files. */
  home: string;
  /** Stands in for /run/guilds. */
  runtimeDir: string;
  /** <runtime dir>/agent1/harness */
  stateDir: string;
  /** The fake CLIs, first on the helper's PATH. */
  bin: string;
  repoDir: string;
  /** The helper's own environment, as a machine gives it. */
  environment: Record<string, string>;
  /** A path in the test's own folder (records, gates), outside the home. */
  file(name: string): string;
  /** Writes a scenario for the fake CLI; the returned variables (request env) hand it over. */
  scenario(scenario: FakeScenario): Record<string, string>;
  /** One op through the built helper; call id "c1", run id "run1" unless given. */
  call(op: string, args: unknown, request?: Partial<HelperRequestInput>): Promise<Envelope>;
  /** The built helper with raw arguments: its stdout, whatever it is. */
  run(argv: string[]): Promise<string>;
}

export const test = base.extend<{ helperBundle: string; harness: HarnessHome }>({
  helperBundle: [
    // biome-ignore lint/correctness/noEmptyPattern: vitest fixtures take their dependencies as a pattern
    async ({}, use) => {
      const folder = mkdtempSync(path.join(tmpdir(), "guilds-harness-bundle-"));
      await use(await buildHelper(folder));
      rmSync(folder, { recursive: true, force: true });
    },
    { scope: "file" },
  ],
  harness: async ({ helperBundle: helper }, use) => {
    const root = realpathSync(mkdtempSync(path.join(tmpdir(), "guilds-harness-")));
    const home = path.join(root, "home");
    const runtimeDir = path.join(root, "run");
    const bin = path.join(root, "bin");
    const repoDir = path.join(home, "repos", REPO);
    mkdirSync(repoDir, { recursive: true });
    mkdirSync(runtimeDir);
    installFakeClis(bin);
    writeLogins(home);
    const environment = {
      HOME: home,
      GUILDS_RUNTIME_DIR: runtimeDir,
      PATH: `${bin}:/usr/bin:/bin`,
      LANG: "C.UTF-8",
    };
    let scenarios = 0;
    const run = (argv: string[]) =>
      new Promise<string>((resolve, reject) => {
        execFile(
          process.execPath,
          [helper, ...argv],
          { env: environment, maxBuffer: 64 * 1024 * 1024 },
          (error, stdout, stderr) => {
            if (error) return reject(new Error(`helper failed: ${error.message}\n${stderr}`));
            resolve(stdout);
          },
        );
      });
    const stateDir = path.join(runtimeDir, AGENT_ID, "harness");
    await use({
      helper,
      root,
      home,
      runtimeDir,
      stateDir,
      bin,
      repoDir,
      environment,
      file: (name) => path.join(root, name),
      scenario(scenario) {
        scenarios += 1;
        const file = path.join(root, `scenario-${scenarios}.json`);
        writeFileSync(file, JSON.stringify(scenario));
        return { FAKE_CLI_SCENARIO: file };
      },
      async call(op, args, request = {}) {
        const encoded = encodeBase64Json({
          op,
          args,
          run_id: RUN_ID,
          agent_id: AGENT_ID,
          call_id: "c1",
          cwd: `repos/${REPO}`,
          max_bytes: 8192,
          ...request,
        });
        return Envelope.parse(decodeBase64Json(await run([encoded])));
      },
      run,
    });
    killLeftovers(stateDir);
    rmSync(root, { recursive: true, force: true });
  },
});

/** The CLIs and supervisors a test left running (a failed assertion before its stop). */
function killLeftovers(stateDir: string): void {
  let names: string[];
  try {
    names = readdirSync(stateDir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(stateDir, name);
    try {
      if (name.endsWith(".pid")) process.kill(-Number(readFileSync(file, "utf8")), "SIGKILL");
      if (name.endsWith(".json"))
        process.kill(Number(JSON.parse(readFileSync(file, "utf8")).supervisor_pid), "SIGKILL");
    } catch {}
  }
}
