import { existsSync, symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { antigravityDriver } from "../../src/drivers/antigravity.ts";
import { expectCapturedTurn, parseFixture, parseLines } from "./capturedTurns.ts";
import { launchInput } from "./launchFixtures.ts";
import { useTempHome, writeFiles } from "./tempHome.ts";

const CONVERSATION = "8a3e2f47-41c3-4c55-9a1e-6f0d1c2b3a4d";

describe("antigravity events (written from its documented format)", () => {
  test("a turn: started with its model, each response's first line, each tool step once; result's response and usage", () => {
    expectCapturedTurn(antigravityDriver, "antigravity.jsonl", {
      progress: [
        "Antigravity started (gemini-3-pro)",
        "I'll list the files.",
        "run_command: ls",
        "replace_file_content: /home/agent/repos/demo/a.txt",
        "I ran ls. Hello from agy.",
      ],
      outcome: {
        sessionId: CONVERSATION,
        model: "gemini-3-pro",
        finalMessage: "I ran ls. Hello from agy.",
        turnError: false,
        error: null,
        costUsd: null,
        inputTokens: 1200,
        outputTokens: 40,
        cachedTokens: null,
        events: 12,
      },
    });
  });

  test("status ERROR marks the turn failed with result.error", () => {
    const run = parseFixture(antigravityDriver, "antigravity-error.jsonl");
    expect(run.outcome).toMatchObject({
      sessionId: CONVERSATION,
      turnError: true,
      error: "RESOURCE_EXHAUSTED: quota exceeded\nretry later",
      finalMessage: "",
    });
  });

  test("a run without a login prints text only", () => {
    const run = parseFixture(antigravityDriver, "antigravity-nocred.jsonl");
    expect(run.unparsed).toBe(1);
    expect(run.outcome.events).toBe(0);
  });

  test("a stream cut before its result keeps the response read so far", () => {
    const run = parseLines(antigravityDriver, [
      JSON.stringify({
        event: "step_update",
        step_update: {
          conversation_id: "c",
          step_index: 1,
          state: "ACTIVE",
          step_type: "agent_response",
          text_delta: "Half",
        },
      }),
    ]);
    expect(run.outcome.finalMessage).toBe("Half");
    expect(run.outcome.sessionId).toBe("c");
  });

  test("other JSON is not its events", () => {
    expect(parseLines(antigravityDriver, ['{"type":"result"}', '{"event":"other"}']).unparsed).toBe(2);
  });
});

describe("antigravity credential and configuration", () => {
  const temp = useTempHome();

  test("the container token file is a login; nothing else is a credential", () => {
    expect(antigravityDriver.credential({ home: temp.home, env: { GEMINI_API_KEY: "k" } }).kind).toBe("none");
    writeFiles(temp.home, { ".gemini/antigravity-cli/antigravity-oauth-token": "token" });
    expect(antigravityDriver.credential({ home: temp.home, env: {} })).toEqual({
      kind: "login",
      account: null,
      source: "~/.gemini/antigravity-cli/antigravity-oauth-token",
    });
  });

  test("removes settings, MCP configuration and plugins; keeps the token and conversations", () => {
    writeFiles(temp.home, {
      ".gemini/antigravity-cli/settings.json": '{"toolPermission":"strict"}',
      ".gemini/antigravity-cli/mcp_config.json": "{}",
      ".gemini/antigravity-cli/plugins/p/plugin.json": "{}",
      ".gemini/config/mcp_config.json": "{}",
      ".gemini/antigravity-cli/antigravity-oauth-token": "token",
      ".gemini/antigravity-cli/conversations/c.db": "db",
    });
    antigravityDriver.removeLocalConfiguration({ home: temp.home, repoDir: temp.repoDir });
    for (const gone of [
      "antigravity-cli/settings.json",
      "antigravity-cli/mcp_config.json",
      "antigravity-cli/plugins",
      "config/mcp_config.json",
    ]) {
      expect(existsSync(path.join(temp.home, ".gemini", gone)), gone).toBe(false);
    }
    expect(existsSync(path.join(temp.home, ".gemini/antigravity-cli/antigravity-oauth-token"))).toBe(true);
    expect(existsSync(path.join(temp.home, ".gemini/antigravity-cli/conversations/c.db"))).toBe(true);
  });

  test("a plugins folder linking out of the home: the link goes, its contents stay", () => {
    writeFiles(temp.outside, { "plugins/p.json": "{}" });
    writeFiles(temp.home, { ".gemini/antigravity-cli/antigravity-oauth-token": "token" });
    symlinkSync(path.join(temp.outside, "plugins"), path.join(temp.home, ".gemini/antigravity-cli/plugins"));
    antigravityDriver.removeLocalConfiguration({ home: temp.home, repoDir: temp.repoDir });
    expect(existsSync(path.join(temp.home, ".gemini/antigravity-cli/plugins"))).toBe(false);
    expect(existsSync(path.join(temp.outside, "plugins/p.json"))).toBe(true);
  });
});

describe("antigravity launch", () => {
  test("the prompt file named in -p, the repository added, a print timeout past the task's", () => {
    const launch = antigravityDriver.launch(launchInput({ env: { GITHUB_TOKEN: "t" } }));
    expect(launch.argv).toEqual([
      "agy",
      "-p",
      "Read the task in /home/agent/.runs/run_1/call_1.prompt.md and do it.",
      "--output-format",
      "stream-json",
      "--dangerously-skip-permissions",
      "--add-dir",
      "/home/agent/repos/demo",
      "--print-timeout",
      "60m",
    ]);
    expect(launch.prompt).toBe("file");
    expect(launch.setEnv).toEqual({ AGY_CLI_DISABLE_AUTO_UPDATE: "true" });
    expect(launch.unsetEnv).toEqual(expect.arrayContaining(["GH_TOKEN", "GITHUB_TOKEN", "GUILDS_RUN_DIR"]));
  });

  test("model and conversation", () => {
    const launch = antigravityDriver.launch(launchInput({ model: "gemini-3-pro", sessionId: CONVERSATION }));
    expect(launch.argv.slice(10)).toEqual(["--model", "gemini-3-pro", "--conversation", CONVERSATION]);
  });

  test("binary", () => {
    expect(antigravityDriver.binary).toBe("agy");
    expect(antigravityDriver.parseVersion("agy 1.1.22\n")).toBe("1.1.22");
  });
});
