import { chmodSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { machineEnvironment } from "../machines/docker/containerEngines.ts";
import { sandboxes } from "../toolbox/machineFixture.ts";
import { stopCliMachine } from "./cliMachine.ts";
import { runCli } from "./runCli.ts";

const available = await sandboxes();
const codeSearchLanded = !readFileSync(
  new URL("../../../../runtime/guilds-code/src/ops/codeSearch/codeSearch.ts", import.meta.url),
  "utf8",
).includes("is being written");

describe.each(available)("guilds tool, end to end ($label)", ({ sandbox, skipReason }) => {
  const root = mkdtempSync(path.join(tmpdir(), "guilds-cli-"));
  // A bwrap machine runs as another uid when the tests run as root: it must reach the home's folder.
  chmodSync(root, 0o755);
  const home = path.join(root, "agent");
  afterAll(async () => {
    // The machine outlives each call: end it with the test.
    await stopCliMachine(home, sandbox).catch(() => {});
    rmSync(root, { recursive: true, force: true });
  });
  const guilds = (tool: string, args: unknown, ...flags: string[]) =>
    runCli(["tool", tool, JSON.stringify(args), "--home", home, ...flags], machineEnvironment(sandbox));
  /** shell, in the working directory of `run`. */
  const shellIn = (run: string, command: string) => guilds("shell", { command }, "--run", run);

  test.skipIf(skipReason)("shell prints what the agent reads, and the home is created", async () => {
    const run = await shellIn("first", "cd /tmp || true; echo hi");
    expect(run, run.stderr).toMatchObject({ code: 0, stdout: "hi\n" });
    expect(existsSync(home)).toBe(true);
  });

  test.skipIf(skipReason)(
    "a failing command still exits 0; its exit code is in the text and meta",
    async () => {
      const text = await guilds("shell", { command: "echo oops; exit 3" });
      expect(text, text.stderr).toMatchObject({ code: 0, stdout: "oops\nexit_code: 3\n" });
      const json = await guilds("shell", { command: "echo oops; exit 3" }, "--json");
      expect(json.code, json.stderr).toBe(0);
      expect(JSON.parse(json.stdout)).toMatchObject({
        text: "oops\nexit_code: 3",
        meta: { exit_code: 3, timed_out: false },
      });
    },
  );

  test.skipIf(skipReason)(
    "calls of one run share its working directory; another run starts at the home",
    async () => {
      await shellIn("carry", "mkdir -p sub && cd sub");
      const same = await shellIn("carry", "basename $(pwd)");
      expect(same.stdout).toBe("sub\n");
      const other = await shellIn("fresh", "ls -d sub");
      expect(other.stdout).toBe("sub\n");
    },
  );

  test.skipIf(skipReason)("file_read reads numbered lines", async () => {
    const write = await shellIn("read", "printf 'one\\ntwo\\nthree\\n' > notes.txt");
    expect(write, write.stderr).toMatchObject({ code: 0, stdout: "(no output)\n" });
    const run = await guilds("file_read", { path: "notes.txt", offset: 2 }, "--run", "read", "--json");
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      text: "notes.txt lines 2–3 of 3\n2\ttwo\n3\tthree",
      meta: { path: "notes.txt", range: [2, 3], lines: 3 },
    });
  });

  test.skipIf(skipReason)(
    "a path under the home shows relative to the working directory, never through a link",
    async () => {
      await shellIn("tilde", "echo hi > f.txt && mkdir -p sub");
      const fromHome = await guilds("file_read", { path: "~/f.txt" }, "--run", "tilde", "--json");
      expect(JSON.parse(fromHome.stdout)).toMatchObject({
        text: "f.txt lines 1–1 of 1\n1\thi",
        meta: { path: "f.txt" },
      });
      await shellIn("tilde", "cd sub");
      const fromSub = await guilds("file_read", { path: "~/f.txt" }, "--run", "tilde-sub", "--json");
      expect(JSON.parse(fromSub.stdout)).toMatchObject({ meta: { path: "f.txt" } });
      const homeDir = await shellIn("tilde", "pwd -P");
      expect(homeDir.stdout).toBe(
        sandbox === "unconfined" ? `${realpathSync(home)}/sub\n` : "/home/agent/sub\n",
      );
    },
  );

  test.skipIf(skipReason)("shell_status with an unknown id says so", async () => {
    const run = await guilds("shell_status", { id: "b9" });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("no background command b9");
  });

  test.skipIf(skipReason || !codeSearchLanded)("code_search finds the files, then the lines", async () => {
    const write = await shellIn("search", "mkdir -p src && echo 'needle here' > src/a.txt");
    expect(write, write.stderr).toMatchObject({ code: 0, stdout: "(no output)\n" });
    const files = await guilds("code_search", { pattern: "needle" }, "--run", "search");
    expect(files.code, files.stderr).toBe(0);
    expect(files.stdout).toContain("src/a.txt");
    const lines = await guilds("code_search", { pattern: "needle", mode: "content" }, "--run", "search");
    expect(lines.stdout).toContain("src/a.txt:1: needle here");
  });
});
