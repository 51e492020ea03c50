import { existsSync, readFileSync, statSync, symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { LaunchInput } from "../../src/drivers/driver.ts";
import { geminiDriver } from "../../src/drivers/gemini.ts";
import { expectCapturedTurn, FAKE_LS_TURN_END, parseFixture, parseLines } from "./capturedTurns.ts";
import { launchInput, optionsMissingFromHelp, secret } from "./launchFixtures.ts";
import { useTempHome, writeFiles } from "./tempHome.ts";

describe("gemini events", () => {
  test("a tool turn: started with its model, the tool use, the message; usage from stats", () => {
    const run = expectCapturedTurn(geminiDriver, "gemini.jsonl", {
      progress: [
        "Gemini CLI started (gemini-2.5-flash)",
        "run_shell_command: ls",
        FAKE_LS_TURN_END.finalMessage,
      ],
      outcome: {
        sessionId: "9e922c73-023d-4545-be8f-21bdb3b5dba3",
        model: "gemini-2.5-flash",
        costUsd: null,
        ...FAKE_LS_TURN_END,
        events: 6,
      },
    });
    expect(run.sessionIds).toEqual(["9e922c73-023d-4545-be8f-21bdb3b5dba3"]);
  });

  test("text and resumed turns", () => {
    expect(parseFixture(geminiDriver, "gemini-text.jsonl").progress).toEqual([
      "Gemini CLI started (gemini-2.5-flash)",
      "Hello from the fake model.",
    ]);
    expect(parseFixture(geminiDriver, "gemini-resume.jsonl").outcome).toMatchObject({
      sessionId: "4b707964-f0e6-497b-b794-82d34ae2173a",
      finalMessage: FAKE_LS_TURN_END.finalMessage,
      turnError: false,
      inputTokens: 12,
      outputTokens: 7,
      cachedTokens: 0,
    });
  });

  test.each([
    ["gemini-error-401.jsonl", 401],
    ["gemini-error-400.jsonl", 400],
  ])("%s: result status error marks the turn failed with its message", (file, code) => {
    const run = parseFixture(geminiDriver, file);
    expect(run.outcome).toMatchObject({
      turnError: true,
      error: `[API Error: {"error":{"code":${code},"message":"fake failure","status":"UNAUTHENTICATED"}}]`,
      finalMessage: "",
      inputTokens: 0,
    });
  });

  test("deltas: the first line once whole, the final message the last assistant message put together", () => {
    const delta = (content: string) =>
      JSON.stringify({ type: "message", role: "assistant", content, delta: true });
    const run = parseLines(geminiDriver, [
      delta("Let me "),
      delta("look.\nI will run ls."),
      delta(" Now."),
      JSON.stringify({
        type: "tool_use",
        tool_name: "read_file",
        tool_id: "t",
        parameters: { file_path: "a.txt" },
      }),
      JSON.stringify({ type: "tool_result", tool_id: "t", status: "success" }),
      JSON.stringify({ type: "error", severity: "warning", message: "loop detected" }),
      delta("All "),
      delta("done"),
      JSON.stringify({ type: "result", status: "success", stats: {} }),
    ]);
    expect(run.progress).toEqual(["Let me look.", "read_file: a.txt", "All done"]);
    expect(run.outcome.finalMessage).toBe("All done");
    expect(run.outcome.turnError).toBe(false);
  });

  test("a message without newline waiting for more is announced at the next event", () => {
    const run = parseLines(geminiDriver, [
      JSON.stringify({ type: "message", role: "assistant", content: "Working", delta: true }),
    ]);
    expect(run.progress).toEqual([]);
    expect(run.outcome.finalMessage).toBe("Working");
  });

  test("text and other JSON are not its events", () => {
    expect(parseLines(geminiDriver, ["YOLO mode is enabled.", '{"type":"thread.started"}']).unparsed).toBe(2);
  });
});

describe("gemini credential", () => {
  const temp = useTempHome();

  test("the OAuth login, with the active Google account", () => {
    writeFiles(temp.home, {
      ".gemini/oauth_creds.json": JSON.stringify({ access_token: "ya29", refresh_token: "1//x" }),
      ".gemini/google_accounts.json": JSON.stringify({ active: "dev@example.com", old: [] }),
    });
    expect(geminiDriver.credential({ home: temp.home, env: { GEMINI_API_KEY: "k" } })).toEqual({
      kind: "login",
      account: "dev@example.com",
      source: "~/.gemini/oauth_creds.json",
    });
  });

  test("a key variable without a login; none otherwise", () => {
    expect(geminiDriver.credential({ home: temp.home, env: { GOOGLE_API_KEY: "g" } })).toEqual(
      secret("GOOGLE_API_KEY"),
    );
    expect(
      geminiDriver.credential({ home: temp.home, env: { GEMINI_API_KEY: "k", GOOGLE_API_KEY: "g" } }).source,
    ).toBe("GEMINI_API_KEY");
    writeFiles(temp.home, { ".gemini/oauth_creds.json": "{}" });
    expect(geminiDriver.credential({ home: temp.home, env: {} }).kind).toBe("none");
  });
});

describe("gemini local configuration", () => {
  const temp = useTempHome();

  test("removes settings, memory, extensions and the .env files it would load; keeps login, accounts, chats", () => {
    writeFiles(temp.home, {
      ".gemini/settings.json": '{"security":{"auth":{"selectedType":"gemini-api-key"}}}',
      ".gemini/GEMINI.md": "rules",
      ".gemini/extensions/x/gemini-extension.json": "{}",
      ".gemini/.env": "GEMINI_API_KEY=k",
      ".env": "GOOGLE_CLOUD_PROJECT=p",
      ".gemini/oauth_creds.json": "{}",
      ".gemini/google_accounts.json": "{}",
      ".gemini/tmp/demo/chats/session-1.jsonl": "{}",
      "repos/.gemini/.env": "CODE_ASSIST_ENDPOINT=http://x",
      "repos/demo/.gemini/.env": "GEMINI_API_KEY=k",
      "repos/demo/.env": "DATABASE_URL=postgres://app",
    });
    geminiDriver.removeLocalConfiguration({ home: temp.home, repoDir: temp.repoDir });
    for (const gone of [
      ".gemini/settings.json",
      ".gemini/GEMINI.md",
      ".gemini/extensions",
      ".gemini/.env",
      ".env",
      "repos/.gemini/.env",
      "repos/demo/.gemini/.env",
    ]) {
      expect(existsSync(path.join(temp.home, gone)), gone).toBe(false);
    }
    for (const kept of [
      ".gemini/oauth_creds.json",
      ".gemini/google_accounts.json",
      ".gemini/tmp/demo/chats/session-1.jsonl",
      // The project's own .env: the managed settings (advanced.ignoreLocalEnv) keep the CLI from reading it.
      "repos/demo/.env",
    ]) {
      expect(existsSync(path.join(temp.home, kept)), kept).toBe(true);
    }
  });

  test("a settings.json linking out of the home: the link goes, its target stays", () => {
    writeFiles(temp.outside, { "settings.json": "{}" });
    writeFiles(temp.home, { ".gemini/oauth_creds.json": "{}" });
    symlinkSync(path.join(temp.outside, "settings.json"), path.join(temp.home, ".gemini/settings.json"));
    geminiDriver.removeLocalConfiguration({ home: temp.home, repoDir: temp.repoDir });
    expect(existsSync(path.join(temp.home, ".gemini/settings.json"))).toBe(false);
    expect(existsSync(path.join(temp.outside, "settings.json"))).toBe(true);
  });
});

describe("gemini launch", () => {
  const temp = useTempHome();

  const managed = (file: string) => JSON.parse(readFileSync(file, "utf8"));
  /** Where a launch in the temporary home keeps its driver files. */
  const stateDir = () => path.join(temp.home, "state");
  const launchInHome = (overrides: Partial<LaunchInput> = {}) =>
    geminiDriver.launch(
      launchInput({ home: temp.home, repoDir: temp.repoDir, stateDir: stateDir(), ...overrides }),
    );

  test("a login run: stream-json on stdin, the auth type pinned to the login, every key variable removed", () => {
    const launch = launchInHome({
      env: { GEMINI_API_KEY: "k", GOOGLE_GEMINI_BASE_URL: "http://x", CODE_ASSIST_ENDPOINT: "http://y" },
    });
    expect(launch.argv).toEqual(["gemini", "--output-format", "stream-json", "--yolo"]);
    expect(launch.prompt).toBe("stdin");
    // A system settings file under a folder that is not root's alone would be skipped with a
    // "Security Warning": the user settings file carries the managed settings instead.
    expect(launch.setEnv).toEqual({
      GEMINI_CLI_TRUST_WORKSPACE: "true",
      GOOGLE_GENAI_USE_GCA: "true",
    });
    expect(existsSync(path.join(stateDir(), "gemini-system-settings.json"))).toBe(false);
    const settings = {
      security: { auth: { selectedType: "oauth-personal" } },
      privacy: { usageStatisticsEnabled: false },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false, maxAttempts: 2 },
      advanced: { ignoreLocalEnv: true },
    };
    const userFile = path.join(temp.home, ".gemini/settings.json");
    expect(managed(userFile)).toEqual(settings);
    expect(statSync(userFile).mode & 0o777).toBe(0o600);
    expect(launch.unsetEnv).toEqual(
      expect.arrayContaining([
        "GEMINI_API_KEY",
        "GOOGLE_API_KEY",
        "GOOGLE_GEMINI_BASE_URL",
        "CODE_ASSIST_ENDPOINT",
      ]),
    );
  });

  test("a key run: the API key auth type, key and base URL kept, GOOGLE_API_KEY given as GEMINI_API_KEY", () => {
    const launch = launchInHome({
      credential: secret("GOOGLE_API_KEY"),
      model: "gemini-2.5-flash",
      sessionId: "9e922c73-023d-4545-be8f-21bdb3b5dba3",
      env: { GOOGLE_API_KEY: "g", GOOGLE_GEMINI_BASE_URL: "http://127.0.0.1:1", GOOGLE_CLOUD_PROJECT: "p" },
    });
    expect(launch.argv.slice(4)).toEqual([
      "-m",
      "gemini-2.5-flash",
      "--resume",
      "9e922c73-023d-4545-be8f-21bdb3b5dba3",
    ]);
    expect(managed(path.join(temp.home, ".gemini/settings.json")).security.auth.selectedType).toBe(
      "gemini-api-key",
    );
    expect(launch.setEnv.GEMINI_API_KEY).toBe("g");
    expect(launch.setEnv.GOOGLE_GENAI_USE_GCA).toBeUndefined();
    expect(launch.unsetEnv).not.toContain("GOOGLE_API_KEY");
    expect(launch.unsetEnv).not.toContain("GOOGLE_GEMINI_BASE_URL");
    expect(launch.unsetEnv).toContain("GOOGLE_CLOUD_PROJECT");
  });

  test("a user settings.json linking out of the home is replaced, its target untouched", () => {
    writeFiles(temp.outside, { "settings.json": "{}" });
    writeFiles(temp.home, { ".gemini/oauth_creds.json": "{}" });
    symlinkSync(path.join(temp.outside, "settings.json"), path.join(temp.home, ".gemini/settings.json"));
    launchInHome();
    expect(readFileSync(path.join(temp.outside, "settings.json"), "utf8")).toBe("{}");
    expect(managed(path.join(temp.home, ".gemini/settings.json")).security.auth.selectedType).toBe(
      "oauth-personal",
    );
  });

  test("every option is one gemini --help lists", () => {
    const launch = launchInHome({ model: "m", sessionId: "s" });
    expect(optionsMissingFromHelp(launch.argv, "gemini-help.txt")).toEqual([]);
  });

  test("version", () => {
    expect(geminiDriver.parseVersion("0.61.0\n")).toBe("0.61.0");
  });
});
