import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect } from "vitest";
import { uninstallFakeCli } from "./fakeClis.ts";
import { RUN_ID, test } from "./harnessFixture.ts";
import { cliRecord, errorOf, okMeta, pollToEnd, startTask } from "./taskSteps.ts";

const BRIEF = "Fix the typo in README.md.\nThen say what you changed. SECRET-LOOKING-BRIEF-TEXT";

describe("start", () => {
  test("hands the brief over on stdin, in the page's environment, and returns at once", async ({
    harness,
  }) => {
    const record = harness.file("record.json");
    const meta = okMeta(
      await startTask(harness, "claude", {
        brief: BRIEF,
        scenario: { record },
        env: {
          MY_SECRET: "s3cret",
          PORT: "4100",
          GUILDS_PORTS: "4100,4101",
          GH_TOKEN: "gh-token",
          GITHUB_TOKEN: "github-token",
          GUILDS_RUN_DIR: "/somewhere",
          PAGER: "less",
        },
      }),
    );
    expect(meta).toEqual({
      log_path: `.runs/${RUN_ID}/c1.harness.jsonl`,
      prompt_path: `.runs/${RUN_ID}/c1.prompt.md`,
      credential: "login",
    });
    const cli = await cliRecord(record);
    expect(cli.stdin).toBe(BRIEF);
    expect(cli.argv.join(" ")).not.toContain("SECRET-LOOKING-BRIEF-TEXT");
    expect(cli.cwd).toBe(harness.repoDir);
    expect(cli.processGroup).toBe(cli.pid);
    expect(cli.env).toMatchObject({
      HOME: harness.home,
      GUILDS_AGENT_HOME: harness.home,
      PATH: harness.environment.PATH,
      LANG: "C.UTF-8",
      PAGER: "cat",
      GIT_PAGER: "cat",
      GIT_TERMINAL_PROMPT: "0",
      NO_COLOR: "1",
      TERM: "dumb",
      DEBIAN_FRONTEND: "noninteractive",
      GUILD_RUN_ID: RUN_ID,
      GUILD_AGENT_ID: "agent1",
      MY_SECRET: "s3cret",
      PORT: "4100",
      GUILDS_PORTS: "4100,4101",
    });
    for (const name of ["GH_TOKEN", "GITHUB_TOKEN", "GUILDS_RUN_DIR", "GUILDS_RUNTIME_DIR"]) {
      expect(cli.env).not.toHaveProperty(name);
    }
    const prompt = path.join(harness.home, meta.prompt_path as string);
    expect(readFileSync(prompt, "utf8")).toBe(BRIEF);
    expect(statSync(prompt).mode & 0o777).toBe(0o600);
    expect(statSync(harness.stateDir).mode & 0o777).toBe(0o700);
    const started = JSON.parse(readFileSync(path.join(harness.stateDir, "c1.json"), "utf8"));
    expect(started).toMatchObject({
      harness: "claude",
      repo: "demo",
      version: "2.1.197",
      credential: "login",
      log_path: meta.log_path,
      prompt_path: meta.prompt_path,
    });
    expect(JSON.stringify(started)).not.toContain("SECRET-LOOKING-BRIEF-TEXT");
    expect(JSON.stringify(started)).not.toContain("s3cret");
    await pollToEnd(harness, "claude");
  });

  test("refuses a call id whose harness still runs", async ({ harness }) => {
    const gate = harness.file("gate");
    okMeta(await startTask(harness, "claude", { scenario: { steps: [{ waitFor: gate }] } }));
    const again = errorOf(await startTask(harness, "claude"));
    expect(again.code).toBe("harness.running");
    expect(again.message).toContain("c1");
    writeFileSync(gate, "");
    await pollToEnd(harness, "claude");
    okMeta(await harness.call("result", { harness: "claude" }));
  });

  test("a CLI missing from the machine is harness.not_installed, naming its binary", async ({ harness }) => {
    uninstallFakeCli(harness.bin, "cursor");
    const error = errorOf(await startTask(harness, "cursor"));
    expect(error.code).toBe("harness.not_installed");
    expect(error.message).toContain("Cursor");
    expect(error.message).toContain("agent");
    expect(existsSync(path.join(harness.stateDir, "c1.json"))).toBe(false);
  });

  test("no credential is harness.no_credential, saying to log in or set the key", async ({ harness }) => {
    for (const file of [".claude/.credentials.json", ".claude.json"]) {
      writeFileSync(path.join(harness.home, file), "{}");
    }
    const error = errorOf(await startTask(harness, "claude"));
    expect(error.code).toBe("harness.no_credential");
    expect(error.message).toMatch(/log in inside the machine/);
    expect(error.message).toContain("ANTHROPIC_API_KEY");
    const onKey = okMeta(await startTask(harness, "claude", { env: { ANTHROPIC_API_KEY: "sk-test" } }));
    expect(onKey.credential).toBe("secret");
    await pollToEnd(harness, "claude");
  });

  test("an unknown repository is an error", async ({ harness }) => {
    const error = errorOf(
      await harness.call("start", {
        harness: "claude",
        repo: "nope",
        model: null,
        effort: null,
        session_id: null,
        brief: "x",
      }),
    );
    expect(error.code).toBe("repo.missing");
  });
});
