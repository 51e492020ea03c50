import { existsSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { cursorDriver } from "../../src/drivers/cursor.ts";
import { expectCapturedTurn, parseFixture, parseLines } from "./capturedTurns.ts";
import { launchInput, secret } from "./launchFixtures.ts";
import { useTempHome, writeFiles } from "./tempHome.ts";

describe("cursor events (written from its documented format)", () => {
  test("a turn: started with its model, each message, each tool call once when it starts", () => {
    expectCapturedTurn(cursorDriver, "cursor.jsonl", {
      progress: [
        "Cursor started (Claude 4 Sonnet)",
        "I'll read the task first.",
        "read: /home/agent/.runs/run_1/call_1.prompt.md",
        "shell: ls",
        "edit: a.txt",
        "search: stream-json",
        "I ran ls and changed a.txt.",
      ],
      outcome: {
        sessionId: "c6b62c6f-7ead-4fd6-9922-e952131177ff",
        model: "Claude 4 Sonnet",
        finalMessage: "I ran ls and changed a.txt.",
        turnError: false,
        error: null,
        costUsd: null,
        inputTokens: null,
        outputTokens: null,
        cachedTokens: null,
        events: 12,
      },
    });
  });

  test("result.is_error marks the turn failed with its text", () => {
    const run = parseFixture(cursorDriver, "cursor-error.jsonl");
    expect(run.outcome).toMatchObject({
      turnError: true,
      error: "Usage limit reached for this billing cycle.\nUpgrade your plan to continue.",
      finalMessage: "",
    });
  });

  test("the banner and sign-in prompt of a CLI without a login are no events", () => {
    const run = parseFixture(cursorDriver, "cursor-nocred.jsonl");
    expect(run.unparsed).toBe(2);
    expect(run.outcome.events).toBe(0);
    expect(run.outcome.turnError).toBe(false);
  });

  test("a tool call given as a function with JSON arguments", () => {
    const run = parseLines(cursorDriver, [
      JSON.stringify({
        type: "tool_call",
        subtype: "started",
        tool_call: { function: { name: "grep", arguments: '{"pattern":"TODO","path":"src"}' } },
      }),
    ]);
    expect(run.progress).toEqual(["grep: TODO"]);
  });
});

describe("cursor credential", () => {
  const temp = useTempHome();

  test("the token file under the XDG config home, with the email of cli-config.json's authInfo", () => {
    writeFiles(temp.home, {
      ".config/cursor/auth.json": JSON.stringify({ accessToken: "a", refreshToken: "r" }),
      ".cursor/cli-config.json": JSON.stringify({ version: 1, authInfo: { email: "dev@example.com" } }),
    });
    expect(cursorDriver.credential({ home: temp.home, env: { CURSOR_API_KEY: "k" } })).toEqual({
      kind: "login",
      account: "dev@example.com",
      source: "~/.config/cursor/auth.json",
    });
  });

  test("XDG_CONFIG_HOME moves the token file", () => {
    writeFiles(temp.home, { "xdg/cursor/auth.json": JSON.stringify({ accessToken: "a" }) });
    expect(
      cursorDriver.credential({ home: temp.home, env: { XDG_CONFIG_HOME: path.join(temp.home, "xdg") } })
        .source,
    ).toBe("~/xdg/cursor/auth.json");
  });

  test("authInfo alone is a login; the key without one; none otherwise", () => {
    writeFiles(temp.home, { ".cursor/cli-config.json": JSON.stringify({ version: 1 }) });
    expect(cursorDriver.credential({ home: temp.home, env: { CURSOR_API_KEY: "k" } })).toEqual(
      secret("CURSOR_API_KEY"),
    );
    expect(cursorDriver.credential({ home: temp.home, env: {} }).kind).toBe("none");
    writeFiles(temp.home, {
      ".cursor/cli-config.json": JSON.stringify({ authInfo: { email: "dev@example.com" } }),
    });
    expect(cursorDriver.credential({ home: temp.home, env: {} })).toEqual({
      kind: "login",
      account: "dev@example.com",
      source: "~/.cursor/cli-config.json",
    });
  });
});

describe("cursor local configuration", () => {
  const temp = useTempHome();

  test("cli-config.json loses its permissions and model, keeps authInfo; mcp.json goes; login and chats stay", () => {
    writeFiles(temp.home, {
      ".cursor/cli-config.json": JSON.stringify({
        version: 1,
        editor: { vimMode: false },
        permissions: { allow: ["Shell(ls)"], deny: ["Shell(rm)"] },
        model: { modelId: "gpt-5" },
        hasChangedDefaultModel: true,
        authInfo: { email: "dev@example.com" },
      }),
      ".cursor/mcp.json": '{"mcpServers":{}}',
      ".cursor/chats/h/c1/store.db": "db",
      ".config/cursor/auth.json": "{}",
    });
    cursorDriver.removeLocalConfiguration({ home: temp.home, repoDir: temp.repoDir });
    expect(JSON.parse(readFileSync(path.join(temp.home, ".cursor/cli-config.json"), "utf8"))).toEqual({
      version: 1,
      editor: { vimMode: false },
      authInfo: { email: "dev@example.com" },
    });
    expect(existsSync(path.join(temp.home, ".cursor/mcp.json"))).toBe(false);
    expect(existsSync(path.join(temp.home, ".cursor/chats/h/c1/store.db"))).toBe(true);
    expect(existsSync(path.join(temp.home, ".config/cursor/auth.json"))).toBe(true);
  });

  test("a cli-config.json linking out of the home: the link goes, its target is not rewritten", () => {
    const target = path.join(temp.outside, "cli-config.json");
    writeFiles(temp.outside, { "cli-config.json": '{"permissions":{}}' });
    writeFiles(temp.home, { ".cursor/chats/keep": "" });
    symlinkSync(target, path.join(temp.home, ".cursor/cli-config.json"));
    cursorDriver.removeLocalConfiguration({ home: temp.home, repoDir: temp.repoDir });
    expect(existsSync(path.join(temp.home, ".cursor/cli-config.json"))).toBe(false);
    expect(readFileSync(target, "utf8")).toBe('{"permissions":{}}');
  });
});

describe("cursor launch", () => {
  test("a login run: the prompt file named in a short instruction, stdin closed, the key removed", () => {
    const launch = cursorDriver.launch(launchInput({ env: { CURSOR_API_KEY: "k" } }));
    expect(launch.argv).toEqual([
      "agent",
      "-p",
      "--output-format",
      "stream-json",
      "--force",
      "--trust",
      "Read the task in /home/agent/.runs/run_1/call_1.prompt.md and do it.",
    ]);
    expect(launch.prompt).toBe("file");
    expect(launch.unsetEnv).toEqual(expect.arrayContaining(["CURSOR_API_KEY", "GH_TOKEN", "GITHUB_TOKEN"]));
  });

  test("a key run keeps the key; model and resume", () => {
    const launch = cursorDriver.launch(
      launchInput({ credential: secret("CURSOR_API_KEY"), model: "gpt-5", sessionId: "c6b62c6f", env: {} }),
    );
    expect(launch.argv.slice(6, 10)).toEqual(["--model", "gpt-5", "--resume", "c6b62c6f"]);
    expect(launch.unsetEnv).not.toContain("CURSOR_API_KEY");
    expect(launch.argv).not.toContain("--api-key");
  });

  test("binary and version", () => {
    expect(cursorDriver.binary).toBe("agent");
    expect(cursorDriver.parseVersion("2026.01.09-1a2b3c4\n")).toBe("2026.01.09-1a2b3c4");
  });
});
