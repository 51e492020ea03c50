import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { runCli } from "./runCli.ts";

const root = mkdtempSync(path.join(tmpdir(), "guilds-cli-usage-"));
const home = path.join(root, "agent");
afterAll(() => rmSync(root, { recursive: true, force: true }));
const unconfined = { GUILDS_SANDBOX: "unconfined" };

describe("guilds usage", () => {
  test("--help prints the usage and exits 0", async () => {
    const run = await runCli(["--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "guilds tool <tool> '<json args>' --home <dir> [--run <id>] [--json] [--machine local|docker]",
    );
    expect(run.stdout).toContain("GUILDS_SANDBOX");
  });

  test.each([
    { args: [], says: "guilds needs a command." },
    { args: ["frobnicate"], says: 'guilds has no command "frobnicate".' },
    { args: ["tool"], says: "tool needs a tool name: one of shell, shell_status, file_read, code_search." },
    { args: ["tool", "grep", "{}", "--home", home], says: 'there is no tool "grep"' },
    { args: ["tool", "shell", '{"command": "ls"}'], says: "tool needs --home <dir>" },
    { args: ["tool", "shell", "{command: ls}", "--home", home], says: "must be one JSON object" },
    { args: ["tool", "shell", "ls", "-la", "--home", home], says: "Unknown option '-l'" },
    { args: ["tool", "shell", '{"command": "ls"}', "x", "--home", home], says: "takes one JSON argument" },
    {
      args: ["tool", "shell", '{"command": "ls"}', "--home", home, "--run", "a run"],
      says: "is not a run id",
    },
    {
      args: ["tool", "shell", '{"command": "ls"}', "--home", home, "--verbose"],
      says: "Unknown option '--verbose'",
    },
    { args: ["serve", "--port", "http"], says: "--port must be a port number" },
  ])("$args exits 2 and says how to fix it", async ({ args, says }) => {
    const run = await runCli(args, unconfined);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(says);
    expect(run.stderr).toContain("guilds --help");
  });

  test("CODE_RESULT_MAX_BYTES below 1024 is refused", async () => {
    const run = await runCli(["tool", "shell", '{"command": "ls"}', "--home", home], {
      ...unconfined,
      CODE_RESULT_MAX_BYTES: "512",
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("CODE_RESULT_MAX_BYTES must be a whole number of bytes, at least 1024");
  });

  test("GUILDS_SANDBOX must name a sandbox", async () => {
    const run = await runCli(["tool", "shell", '{"command": "ls"}', "--home", home], {
      GUILDS_SANDBOX: "docker",
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("GUILDS_SANDBOX must be bwrap, unconfined or auto");
  });

  test("invalid tool arguments print what the agent would read, and exit 2", async () => {
    const run = await runCli(
      ["tool", "file_read", '{"path": "a", "limit": 501}', "--home", home],
      unconfined,
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toBe(
      "Invalid arguments for file_read: limit must be an integer from 1 to 500 (got 501). Rewrite the call with valid arguments.\n",
    );
  });

  test("--json prints {text, meta}", async () => {
    const run = await runCli(
      ["tool", "code_search", '{"pattern": "x", "context": 9}', "--home", home, "--json"],
      unconfined,
    );
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toEqual({
      text: "Invalid arguments for code_search: context must be an integer from 0 to 5 (got 9). Rewrite the call with valid arguments.",
      meta: { error_code: "args.invalid" },
    });
  });
});
