import { existsSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { claudeDriver } from "../../src/drivers/claude.ts";
import { expectCapturedTurn, FAKE_LS_TURN_END, parseFixture, parseLines } from "./capturedTurns.ts";
import { LOGIN, launchInput, optionsMissingFromHelp, secret } from "./launchFixtures.ts";
import { useTempHome, writeFiles } from "./tempHome.ts";

describe("claude events", () => {
  test("a tool turn: started with its model, the tool use, the message; the result's text, cost and usage", () => {
    expectCapturedTurn(claudeDriver, "claude.jsonl", {
      progress: ["Claude Code started (claude-sonnet-4-5)", "Bash: ls", FAKE_LS_TURN_END.finalMessage],
      outcome: {
        sessionId: "85b686e1-ef47-49d1-8fe2-1f417a920d23",
        model: "claude-sonnet-4-5",
        costUsd: 0.000282,
        ...FAKE_LS_TURN_END,
        events: 5,
      },
    });
  });

  test("a text turn on the default model", () => {
    const run = parseFixture(claudeDriver, "claude-text.jsonl");
    expect(run.progress).toEqual(["Claude Code started (claude-opus-4-8[1m])", "Hello from the fake model."]);
    expect(run.outcome.finalMessage).toBe("Hello from the fake model.");
  });

  test("a resumed session keeps its id", () => {
    const run = parseFixture(claudeDriver, "claude-resume.jsonl");
    expect(run.outcome.sessionId).toBe("22d7e37f-f4d3-4f28-8277-fb75459628d0");
    expect(run.outcome.turnError).toBe(false);
    expect(run.outcome.costUsd).toBe(0.000141);
  });

  test("a login run's rate_limit_event is one of its events", () => {
    const run = parseFixture(claudeDriver, "claude-login.jsonl");
    expect(run.unparsed).toBe(0);
    expect(run.outcome.events).toBe(6);
    expect(run.progress).toEqual(["Claude Code started (claude-sonnet-4-5)", "Bash: ls", "Done."]);
    expect(run.outcome.finalMessage).toBe("Done.\nHello from the fake model.");
  });

  test.each([
    ["claude-error-401.jsonl", "Invalid API key · Fix external API key"],
    ["claude-error-400.jsonl", "Invalid API key · Fix external API key"],
    ["claude-nocred.jsonl", "Not logged in · Please run /login"],
  ])("%s: is_error marks the turn failed though its subtype says success", (file, error) => {
    const run = parseFixture(claudeDriver, file);
    expect(run.outcome.turnError).toBe(true);
    expect(run.outcome.error).toBe(error);
    expect(run.outcome.finalMessage).toBe("");
    expect(run.progress).toEqual(["Claude Code started (claude-opus-4-8[1m])", error]);
  });

  test("resuming an unknown session: no init, the error from errors[]", () => {
    const run = parseFixture(claudeDriver, "claude-resume-unknown.jsonl");
    expect(run.progress).toEqual([]);
    expect(run.outcome).toMatchObject({
      sessionId: "0b6a4f4e-5b43-4c1e-9a39-2f1e0c1d2e3f",
      turnError: true,
      error: "No conversation found with session ID: 0b6a4f4e-5b43-4c1e-9a39-2f1e0c1d2e3f",
      events: 1,
    });
  });

  test("text and other JSON are not its events", () => {
    const run = parseLines(claudeDriver, [
      "Error: When using --print, --output-format=stream-json requires --verbose",
      '{"type":"thread.started","thread_id":"x"}',
      '{"no":"type"}',
      "[1,2]",
    ]);
    expect(run.unparsed).toBe(4);
    expect(run.outcome.events).toBe(0);
  });

  test("tool uses show their command, path, pattern, URL, description or query", () => {
    const toolUse = (name: string, input: object) =>
      JSON.stringify({
        type: "assistant",
        session_id: "s",
        message: { content: [{ type: "tool_use", name, input }] },
      });
    const run = parseLines(claudeDriver, [
      toolUse("Edit", { file_path: "/home/agent/repos/demo/a.ts", old_string: "a", new_string: "b" }),
      toolUse("Grep", { pattern: "TODO", path: "src" }),
      toolUse("WebFetch", { url: "https://example.com/x", prompt: "read it" }),
      toolUse("Task", { description: "Explore the code", prompt: "Look around\nthen report" }),
      toolUse("WebSearch", { query: "vitest projects" }),
      toolUse("Bash", { command: "npm test\nnpm run lint", description: "Run tests" }),
      toolUse("TodoWrite", { todos: [] }),
    ]);
    expect(run.progress).toEqual([
      "Edit: /home/agent/repos/demo/a.ts",
      "Grep: TODO",
      "WebFetch: https://example.com/x",
      "Task: Explore the code",
      "WebSearch: vitest projects",
      "Bash: npm test",
      "TodoWrite",
    ]);
  });
});

describe("claude credential", () => {
  const temp = useTempHome();

  const loginFile = JSON.stringify({
    claudeAiOauth: {
      accessToken: "sk-ant-oat01-x",
      refreshToken: "sk-ant-ort01-y",
      expiresAt: 4102444800000,
    },
  });

  test("the login file, with the account's email from ~/.claude.json", () => {
    writeFiles(temp.home, {
      ".claude/.credentials.json": loginFile,
      ".claude.json": JSON.stringify({
        oauthAccount: { emailAddress: "dev@example.com", organizationName: "Org" },
      }),
    });
    expect(claudeDriver.credential({ home: temp.home, env: { ANTHROPIC_API_KEY: "sk" } })).toEqual({
      kind: "login",
      account: "dev@example.com",
      source: "~/.claude/.credentials.json",
    });
  });

  test("the organisation when no email; no account when ~/.claude.json is missing", () => {
    writeFiles(temp.home, { ".claude/.credentials.json": loginFile });
    expect(claudeDriver.credential({ home: temp.home, env: {} }).account).toBeNull();
    writeFiles(temp.home, { ".claude.json": JSON.stringify({ oauthAccount: { organizationName: "Org" } }) });
    expect(claudeDriver.credential({ home: temp.home, env: {} }).account).toBe("Org");
  });

  test("CLAUDE_CODE_OAUTH_TOKEN is a login, and wins over the file as in Claude Code", () => {
    writeFiles(temp.home, { ".claude/.credentials.json": loginFile });
    expect(
      claudeDriver.credential({ home: temp.home, env: { CLAUDE_CODE_OAUTH_TOKEN: "sk-ant-oat01-z" } }),
    ).toEqual({ kind: "login", account: null, source: "CLAUDE_CODE_OAUTH_TOKEN" });
  });

  test("a key variable without a login; none otherwise", () => {
    writeFiles(temp.home, { ".claude/.credentials.json": JSON.stringify({ other: {} }) });
    expect(claudeDriver.credential({ home: temp.home, env: { ANTHROPIC_AUTH_TOKEN: "t" } })).toEqual(
      secret("ANTHROPIC_AUTH_TOKEN"),
    );
    expect(
      claudeDriver.credential({ home: temp.home, env: { ANTHROPIC_API_KEY: "k", ANTHROPIC_AUTH_TOKEN: "t" } })
        .source,
    ).toBe("ANTHROPIC_API_KEY");
    expect(claudeDriver.credential({ home: temp.home, env: { ANTHROPIC_API_KEY: " " } })).toEqual({
      kind: "none",
      account: null,
      source: null,
    });
  });
});

describe("claude local configuration", () => {
  const temp = useTempHome();

  test("removes settings, memory, agents, skills and commands; rewrites ~/.claude.json; keeps login and sessions", () => {
    writeFiles(temp.home, {
      ".claude/settings.json": '{"env":{"ANTHROPIC_API_KEY":"sk"}}',
      ".claude/CLAUDE.md": "rules",
      ".claude/agents/a.md": "agent",
      ".claude/skills/s/SKILL.md": "skill",
      ".claude/commands/c.md": "command",
      ".claude/.credentials.json": '{"claudeAiOauth":{}}',
      ".claude/projects/-home-agent-repos-demo/s1.jsonl": "{}",
      ".claude.json": JSON.stringify({
        oauthAccount: { emailAddress: "dev@example.com" },
        hasCompletedOnboarding: true,
        mcpServers: { evil: { command: "x" } },
        projects: {
          "/home/agent/repos/demo": {
            allowedTools: ["Bash(*)"],
            mcpServers: { p: {} },
            enabledMcpjsonServers: ["p"],
            hasTrustDialogAccepted: true,
          },
        },
      }),
      "repos/demo/.claude/settings.json": '{"model":"x"}',
    });
    claudeDriver.removeLocalConfiguration({ home: temp.home, repoDir: temp.repoDir });
    for (const gone of ["settings.json", "CLAUDE.md", "agents", "skills", "commands"]) {
      expect(existsSync(path.join(temp.home, ".claude", gone))).toBe(false);
    }
    expect(existsSync(path.join(temp.home, ".claude/.credentials.json"))).toBe(true);
    expect(existsSync(path.join(temp.home, ".claude/projects/-home-agent-repos-demo/s1.jsonl"))).toBe(true);
    // The repository's own settings stay: --setting-sources user keeps Claude Code from reading them.
    expect(existsSync(path.join(temp.repoDir, ".claude/settings.json"))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(temp.home, ".claude.json"), "utf8"))).toEqual({
      oauthAccount: { emailAddress: "dev@example.com" },
      hasCompletedOnboarding: true,
      projects: { "/home/agent/repos/demo": { hasTrustDialogAccepted: true } },
    });
  });

  test("links out of the home are removed, never followed", () => {
    writeFiles(temp.outside, {
      "settings.json": "{}",
      "agents/a.md": "a",
      "claude.json": '{"mcpServers":{}}',
    });
    writeFiles(temp.home, { ".claude/keep": "" });
    symlinkSync(path.join(temp.outside, "settings.json"), path.join(temp.home, ".claude/settings.json"));
    symlinkSync(path.join(temp.outside, "agents"), path.join(temp.home, ".claude/agents"));
    symlinkSync(path.join(temp.outside, "claude.json"), path.join(temp.home, ".claude.json"));
    claudeDriver.removeLocalConfiguration({ home: temp.home, repoDir: temp.repoDir });
    expect(existsSync(path.join(temp.home, ".claude/settings.json"))).toBe(false);
    expect(existsSync(path.join(temp.home, ".claude/agents"))).toBe(false);
    expect(existsSync(path.join(temp.home, ".claude.json"))).toBe(false);
    expect(readFileSync(path.join(temp.outside, "settings.json"), "utf8")).toBe("{}");
    expect(readFileSync(path.join(temp.outside, "agents/a.md"), "utf8")).toBe("a");
    expect(readFileSync(path.join(temp.outside, "claude.json"), "utf8")).toBe('{"mcpServers":{}}');
  });

  test("a ~/.claude that links out of the home is left alone", () => {
    writeFiles(temp.outside, { "settings.json": "{}" });
    symlinkSync(temp.outside, path.join(temp.home, ".claude"));
    claudeDriver.removeLocalConfiguration({ home: temp.home, repoDir: temp.repoDir });
    expect(existsSync(path.join(temp.outside, "settings.json"))).toBe(true);
  });
});

describe("claude launch", () => {
  test("a login run: stream-json on stdin, user settings only, every off-subscription variable removed", () => {
    const launch = claudeDriver.launch(
      launchInput({
        env: {
          ANTHROPIC_API_KEY: "sk",
          ANTHROPIC_BASE_URL: "http://proxy",
          ANTHROPIC_VERTEX_PROJECT_ID: "p",
          ANTHROPIC_FOUNDRY_RESOURCE: "r",
          CLAUDE_CODE_OAUTH_TOKEN: "sk-ant-oat01",
          GH_TOKEN: "ghp",
        },
      }),
    );
    expect(launch.argv).toEqual(
      "claude -p --output-format stream-json --verbose --dangerously-skip-permissions --setting-sources user".split(
        " ",
      ),
    );
    expect(launch.prompt).toBe("stdin");
    expect(launch.setEnv).toEqual({
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_AUTOUPDATER: "1",
      CLAUDE_CODE_MAX_RETRIES: "3",
    });
    expect(launch.unsetEnv).toEqual(
      expect.arrayContaining([
        "ANTHROPIC_API_KEY",
        "ANTHROPIC_AUTH_TOKEN",
        "ANTHROPIC_BASE_URL",
        "ANTHROPIC_VERTEX_PROJECT_ID",
        "ANTHROPIC_FOUNDRY_RESOURCE",
        "CLAUDE_CODE_USE_BEDROCK",
        "CLAUDE_CONFIG_DIR",
        "GH_TOKEN",
        "GITHUB_TOKEN",
        "GUILDS_RUN_DIR",
      ]),
    );
    expect(launch.unsetEnv).not.toContain("CLAUDE_CODE_OAUTH_TOKEN");
  });

  test("a key run keeps the key and the base URL; model, effort, resume; root needs IS_SANDBOX", () => {
    const launch = claudeDriver.launch(
      launchInput({
        credential: secret("ANTHROPIC_API_KEY"),
        model: "claude-sonnet-4-5",
        effort: "high",
        sessionId: "85b686e1-ef47-49d1-8fe2-1f417a920d23",
        asRoot: true,
        env: {
          ANTHROPIC_API_KEY: "sk",
          ANTHROPIC_BASE_URL: "http://127.0.0.1:1",
          CLAUDE_CODE_USE_VERTEX: "1",
        },
      }),
    );
    expect(launch.argv.slice(8)).toEqual([
      "--model",
      "claude-sonnet-4-5",
      "--effort",
      "high",
      "--resume",
      "85b686e1-ef47-49d1-8fe2-1f417a920d23",
    ]);
    expect(launch.setEnv.IS_SANDBOX).toBe("1");
    expect(launch.unsetEnv).not.toContain("ANTHROPIC_API_KEY");
    expect(launch.unsetEnv).not.toContain("ANTHROPIC_AUTH_TOKEN");
    expect(launch.unsetEnv).not.toContain("ANTHROPIC_BASE_URL");
    expect(launch.unsetEnv).toContain("CLAUDE_CODE_USE_VERTEX");
  });

  test("retries are bounded: the agent's CLAUDE_CODE_MAX_RETRIES may lower the bound, never raise it", () => {
    const retries = (asked?: string) =>
      claudeDriver.launch(launchInput({ env: asked === undefined ? {} : { CLAUDE_CODE_MAX_RETRIES: asked } }))
        .setEnv.CLAUDE_CODE_MAX_RETRIES;
    expect(retries()).toBe("3");
    expect(retries("0")).toBe("0");
    expect(retries("10")).toBe("3");
    expect(retries("lots")).toBe("3");
  });

  test("every option is one claude --help lists", () => {
    const launch = claudeDriver.launch(
      launchInput({ model: "m", effort: "high", sessionId: "s", credential: LOGIN }),
    );
    expect(optionsMissingFromHelp(launch.argv, "claude-help.txt")).toEqual([]);
  });

  test("version and binary", () => {
    expect(claudeDriver.binary).toBe("claude");
    expect(claudeDriver.parseVersion("2.1.197 (Claude Code)\n")).toBe("2.1.197");
  });
});
