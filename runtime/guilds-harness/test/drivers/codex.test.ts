import { existsSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { codexDriver } from "../../src/drivers/codex.ts";
import type { LaunchInput } from "../../src/drivers/driver.ts";
import { expectCapturedTurn, FAKE_LS_TURN_END, parseFixture, parseLines } from "./capturedTurns.ts";
import { launchInput, optionsMissingFromHelp, secret, unsignedJwt } from "./launchFixtures.ts";
import { useTempHome, writeFiles } from "./tempHome.ts";

describe("codex events", () => {
  test("a tool turn: started (no model), the command when it starts, the last agent message, usage", () => {
    const run = expectCapturedTurn(codexDriver, "codex.jsonl", {
      progress: ["Codex started", "command_execution: /bin/bash -lc ls", FAKE_LS_TURN_END.finalMessage],
      outcome: {
        sessionId: "01a229b2-15e5-74e3-ae7a-cda1b128927d",
        model: null,
        costUsd: null,
        ...FAKE_LS_TURN_END,
        events: 7,
      },
    });
    expect(run.sessionIds).toEqual(["01a229b2-15e5-74e3-ae7a-cda1b128927d"]);
  });

  test("text and resumed turns: an error item (a model warning) is not fatal", () => {
    for (const file of ["codex-text.jsonl", "codex-resume.jsonl"]) {
      const run = parseFixture(codexDriver, file);
      expect(run.outcome.turnError).toBe(false);
      expect(run.outcome.error).toBeNull();
    }
    expect(parseFixture(codexDriver, "codex-resume.jsonl").outcome).toMatchObject({
      sessionId: "01a229aa-efa3-74b0-b0fb-0e9ddd5bb550",
      finalMessage: FAKE_LS_TURN_END.finalMessage,
      inputTokens: 36,
      outputTokens: 21,
      cachedTokens: 0,
    });
  });

  test.each([
    [
      "codex-error-401.jsonl",
      "unexpected status 401 Unauthorized: fake failure: invalid api key, url: http://127.0.0.1:18083/v1/responses",
    ],
    [
      "codex-error-400.jsonl",
      '{"error":{"message":"fake failure: invalid api key","type":"invalid_request_error","code":"invalid_api_key"}}',
    ],
  ])("%s: turn.failed marks the turn failed with its message", (file, error) => {
    const run = parseFixture(codexDriver, file);
    expect(run.outcome).toMatchObject({ turnError: true, error, finalMessage: "" });
  });

  test("a stream that ends on an error event (no network, killed) failed on it; a retry that recovers did not", () => {
    const run = parseFixture(codexDriver, "codex-nocred.jsonl");
    expect(run.outcome).toMatchObject({
      sessionId: "01a229ab-2669-7163-91b6-f7c8c651939f",
      turnError: true,
      error: "Reconnecting... waiting for network (Connection failed: error sending request)",
    });
    const recovered = parseLines(codexDriver, [
      '{"type":"thread.started","thread_id":"t"}',
      '{"type":"error","message":"Reconnecting... 2/5"}',
      '{"type":"turn.completed","usage":{"input_tokens":1,"output_tokens":2}}',
    ]);
    expect(recovered.outcome.turnError).toBe(false);
    expect(recovered.outcome.error).toBeNull();
  });

  test("file changes, web searches and MCP calls", () => {
    const run = parseLines(codexDriver, [
      '{"type":"item.started","item":{"id":"i1","type":"file_change","changes":[{"path":"src/a.ts","kind":"update"},{"path":"b.ts","kind":"add"}],"status":"in_progress"}}',
      '{"type":"item.completed","item":{"id":"i1","type":"file_change","changes":[{"path":"src/a.ts","kind":"update"},{"path":"b.ts","kind":"add"}],"status":"completed"}}',
      '{"type":"item.completed","item":{"id":"i2","type":"file_change","changes":[{"path":"c.ts","kind":"delete"}],"status":"completed"}}',
      '{"type":"item.completed","item":{"id":"i3","type":"web_search","query":"codex exec json"}}',
      '{"type":"item.started","item":{"id":"i4","type":"mcp_tool_call","server":"docs","tool":"search","arguments":{"query":"x"},"status":"in_progress"}}',
      '{"type":"item.completed","item":{"id":"i4","type":"mcp_tool_call","server":"docs","tool":"search","arguments":{"query":"x"},"status":"completed"}}',
      '{"type":"item.completed","item":{"id":"i5","type":"reasoning","text":"thinking"}}',
      '{"type":"item.completed","item":{"id":"i6","type":"agent_message","text":"\\nFirst line\\nsecond"}}',
    ]);
    expect(run.progress).toEqual([
      "file_change: src/a.ts",
      "file_change: b.ts",
      "file_change: c.ts",
      "web_search: codex exec json",
      "docs.search: x",
      "First line",
    ]);
    expect(run.outcome.finalMessage).toBe("\nFirst line\nsecond");
  });

  test("text and other JSON are not its events", () => {
    const run = parseLines(codexDriver, ["WARNING: proceeding", '{"type":"system","subtype":"init"}']);
    expect(run.unparsed).toBe(2);
  });
});

describe("codex credential", () => {
  const temp = useTempHome();

  test("a ChatGPT login, the account from the id_token's email", () => {
    writeFiles(temp.home, {
      ".codex/auth.json": JSON.stringify({
        auth_mode: "chatgpt",
        OPENAI_API_KEY: null,
        tokens: {
          id_token: unsignedJwt({ email: "dev@example.com" }),
          access_token: "a",
          refresh_token: "r",
        },
      }),
    });
    expect(codexDriver.credential({ home: temp.home, env: { CODEX_API_KEY: "k" } })).toEqual({
      kind: "login",
      account: "dev@example.com",
      source: "~/.codex/auth.json",
    });
  });

  test("a login whose token names no email has no account", () => {
    writeFiles(temp.home, { ".codex/auth.json": JSON.stringify({ tokens: { id_token: "not-a-jwt" } }) });
    expect(codexDriver.credential({ home: temp.home, env: {} })).toEqual({
      kind: "login",
      account: null,
      source: "~/.codex/auth.json",
    });
  });

  test("key variables, then an API key login; none otherwise", () => {
    expect(codexDriver.credential({ home: temp.home, env: { OPENAI_API_KEY: "k" } })).toEqual(
      secret("OPENAI_API_KEY"),
    );
    expect(
      codexDriver.credential({ home: temp.home, env: { OPENAI_API_KEY: "k", CODEX_API_KEY: "c" } }).source,
    ).toBe("CODEX_API_KEY");
    expect(codexDriver.credential({ home: temp.home, env: {} }).kind).toBe("none");
    writeFiles(temp.home, {
      ".codex/auth.json": JSON.stringify({ auth_mode: "apikey", OPENAI_API_KEY: "sk-x" }),
    });
    expect(codexDriver.credential({ home: temp.home, env: {} })).toEqual(secret("~/.codex/auth.json"));
  });
});

describe("codex local configuration", () => {
  const temp = useTempHome();

  test("removes config.toml, profiles, AGENTS.md, rules and skills; keeps auth, sessions and state", () => {
    writeFiles(temp.home, {
      ".codex/config.toml": 'model_provider = "x"',
      ".codex/work.config.toml": 'model = "x"',
      ".codex/AGENTS.md": "rules",
      ".codex/rules/default.rules": "allow",
      ".codex/skills/s/SKILL.md": "skill",
      ".codex/auth.json": "{}",
      ".codex/sessions/2026/11/29/rollout-1.jsonl": "{}",
      ".codex/state_5.sqlite": "db",
      ".codex/installation_id": "id",
    });
    codexDriver.removeLocalConfiguration({ home: temp.home, repoDir: temp.repoDir });
    for (const gone of ["config.toml", "work.config.toml", "AGENTS.md", "rules", "skills"]) {
      expect(existsSync(path.join(temp.home, ".codex", gone))).toBe(false);
    }
    for (const kept of [
      "auth.json",
      "sessions/2026/11/29/rollout-1.jsonl",
      "state_5.sqlite",
      "installation_id",
    ]) {
      expect(existsSync(path.join(temp.home, ".codex", kept))).toBe(true);
    }
  });

  test("a config.toml linking out of the home: the link goes, its target stays", () => {
    writeFileSync(path.join(temp.outside, "config.toml"), "x");
    writeFiles(temp.home, { ".codex/auth.json": "{}" });
    symlinkSync(path.join(temp.outside, "config.toml"), path.join(temp.home, ".codex/config.toml"));
    codexDriver.removeLocalConfiguration({ home: temp.home, repoDir: temp.repoDir });
    expect(existsSync(path.join(temp.home, ".codex/config.toml"))).toBe(false);
    expect(existsSync(path.join(temp.outside, "config.toml"))).toBe(true);
  });
});

describe("codex launch", () => {
  const temp = useTempHome();
  /** A launch in the temporary home, where it writes its ~/.codex/config.toml. */
  const launchInHome = (overrides: Partial<LaunchInput> = {}) =>
    codexDriver.launch(launchInput({ home: temp.home, repoDir: temp.repoDir, ...overrides }));
  const managedConfig = () => readFileSync(path.join(temp.home, ".codex/config.toml"), "utf8");
  const quiet = (
    "--json --dangerously-bypass-approvals-and-sandbox --skip-git-repo-check " +
    "-c analytics.enabled=false -c check_for_update_on_startup=false"
  ).split(" ");

  test("a login run: exec on stdin, every key and base URL removed", () => {
    const launch = launchInHome({
      env: { OPENAI_API_KEY: "k", CODEX_API_KEY: "c", OPENAI_BASE_URL: "http://x", CODEX_HOME: "/x" },
    });
    expect(launch.argv).toEqual(["codex", "exec", ...quiet, "-"]);
    expect(launch.prompt).toBe("stdin");
    expect(launch.setEnv).toEqual({});
    // The built-in provider; no shell snapshot, the env dump that would hold a key.
    expect(managedConfig()).not.toContain("model_provider");
    expect(managedConfig()).toContain("[features]\nshell_snapshot = false\n");
    expect(launch.unsetEnv).toEqual(
      expect.arrayContaining([
        "CODEX_API_KEY",
        "OPENAI_API_KEY",
        "OPENAI_BASE_URL",
        "CODEX_HOME",
        "GH_TOKEN",
      ]),
    );
  });

  test("model and effort; a resume passes -m again and names the session before the stdin marker", () => {
    const launch = launchInHome({
      model: "gpt-5.1-codex",
      effort: "high",
      sessionId: "01a229b2-15e5-74e3-ae7a-cda1b128927d",
    });
    expect(launch.argv).toEqual([
      "codex",
      "exec",
      "resume",
      ...quiet,
      "-m",
      "gpt-5.1-codex",
      "-c",
      'model_reasoning_effort="high"',
      "01a229b2-15e5-74e3-ae7a-cda1b128927d",
      "-",
    ]);
  });

  test("a key run with OPENAI_BASE_URL: a custom provider in the turn's config file, never on the command line", () => {
    const launch = launchInHome({
      credential: secret("OPENAI_API_KEY"),
      env: { OPENAI_API_KEY: "sk-o", OPENAI_BASE_URL: "http://127.0.0.1:18081/v1", CODEX_HOME: "/x" },
    });
    expect(launch.argv).toEqual(["codex", "exec", ...quiet, "-"]);
    expect(launch.argv.join(" ")).not.toContain("127.0.0.1");
    const file = path.join(temp.home, ".codex/config.toml");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(managedConfig()).toBe(
      [
        "# Written by guilds-harness for one code_task; removed when the task ends.",
        'model_provider = "guilds"',
        "",
        "[features]",
        "shell_snapshot = false",
        "",
        "[model_providers.guilds]",
        'name = "guilds"',
        'base_url = "http://127.0.0.1:18081/v1"',
        'env_key = "CODEX_API_KEY"',
        'wire_api = "responses"',
        "request_max_retries = 1",
        "stream_max_retries = 1",
        "",
      ].join("\n"),
    );
    expect(launch.setEnv).toEqual({ CODEX_API_KEY: "sk-o" });
    expect(launch.unsetEnv).not.toContain("OPENAI_API_KEY");
    expect(launch.unsetEnv).not.toContain("OPENAI_BASE_URL");
    expect(launch.unsetEnv).toContain("CODEX_HOME");
  });

  test("once the turn is over its config file and any shell snapshot go; auth and sessions stay", () => {
    launchInHome({
      credential: secret("CODEX_API_KEY"),
      env: { CODEX_API_KEY: "c", OPENAI_BASE_URL: "http://x/v1" },
    });
    writeFiles(temp.home, {
      ".codex/shell_snapshots/01a2.123.sh": "export CODEX_API_KEY=c\n",
      ".codex/auth.json": "{}",
      ".codex/sessions/2026/12/02/rollout.jsonl": "{}\n",
    });
    codexDriver.removeTurnFiles?.({ home: temp.home });
    expect(existsSync(path.join(temp.home, ".codex/config.toml"))).toBe(false);
    expect(existsSync(path.join(temp.home, ".codex/shell_snapshots"))).toBe(false);
    expect(existsSync(path.join(temp.home, ".codex/auth.json"))).toBe(true);
    expect(existsSync(path.join(temp.home, ".codex/sessions/2026/12/02/rollout.jsonl"))).toBe(true);
  });

  test("a key run without a base URL keeps the built-in provider; CODEX_API_KEY is used as it is", () => {
    const launch = launchInHome({ credential: secret("CODEX_API_KEY"), env: { CODEX_API_KEY: "c" } });
    expect(launch.argv).toEqual(["codex", "exec", ...quiet, "-"]);
    expect(launch.setEnv).toEqual({});
  });

  test("every option is one codex exec --help (or exec resume --help) lists", () => {
    const input = { model: "m", effort: "high", credential: secret("CODEX_API_KEY") };
    const env = { CODEX_API_KEY: "c", OPENAI_BASE_URL: "http://x/v1" };
    const fresh = launchInHome({ ...input, env });
    const resumed = launchInHome({ ...input, env, sessionId: "s" });
    expect(optionsMissingFromHelp(fresh.argv, "codex-exec-help.txt")).toEqual([]);
    expect(optionsMissingFromHelp(resumed.argv, "codex-exec-resume-help.txt")).toEqual([]);
  });

  test("version", () => {
    expect(codexDriver.parseVersion("codex-cli 0.171.0\n")).toBe("0.171.0");
  });
});
