import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Envelope } from "@guilds/protocol/envelope";
import { GuildsError } from "@guilds/protocol/guildsError";
import type { HelperRequest } from "@guilds/protocol/helperRequest";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeResultMaxBytes } from "../../src/toolbox/codeResultMaxBytes.ts";
import { createHelperTransport, type HelperTransport } from "../../src/toolbox/helperTransport.ts";
import { defaultWorkingDirectory } from "../../src/toolbox/workingDirectory.ts";
import { codeSearchTool } from "../../src/tools/codeSearch/codeSearch.ts";
import { fileReadTool } from "../../src/tools/fileRead/fileRead.ts";
import { shellTool } from "../../src/tools/shell/shell.ts";
import { type StandaloneCall, standaloneToolContext } from "../../src/tools/standaloneToolContext.ts";
import type { ToolContext } from "../../src/tools/toolContext.ts";
import { fakeHelperCommand, startMachine, type TestMachine } from "./machineFixture.ts";

/** A transport that records each request and answers with one envelope: the edge, faked. */
function recordingTransport(answer: Envelope): HelperTransport & { requests: HelperRequest[] } {
  const requests: HelperRequest[] = [];
  return {
    requests,
    async run(_machine, request) {
      requests.push(request);
      return answer;
    },
    close() {},
  };
}

let machine: TestMachine;
beforeEach(async () => {
  machine = await startMachine("unconfined");
});
afterEach(async () => {
  await machine.dispose();
});

function contextWith(helpers: HelperTransport, overrides: Partial<StandaloneCall> = {}): ToolContext {
  return standaloneToolContext({
    machine: machine.machine,
    helpers,
    runId: "run1",
    agentId: "agent1",
    callId: "call1",
    defaultCwd: "repos/app",
    secrets: { API_KEY: "s3cret", PORT: "1" },
    repoTokens: { app: "token-1" },
    maxBytes: 4096,
    ...overrides,
  });
}

describe("a code tool call", () => {
  test("builds the request: op, validated args with defaults, ids, cwd, cap, env and tokens", async () => {
    const helpers = recordingTransport({ ok: true, text: "hi", meta: { exit_code: 0 } });
    const result = await shellTool.run({ command: "echo hi" }, contextWith(helpers));
    expect(result).toEqual({ ok: true, text: "hi", meta: { exit_code: 0 } });
    const ports = machine.machine.ports;
    expect(helpers.requests).toEqual([
      {
        op: "shell",
        args: { command: "echo hi", timeout_seconds: 120, background: false },
        run_id: "run1",
        agent_id: "agent1",
        call_id: "call1",
        cwd: "repos/app",
        max_bytes: 4096,
        env: { API_KEY: "s3cret", PORT: String(ports[0]), GUILDS_PORTS: ports.join(",") },
        repo_tokens: { app: "token-1" },
      },
    ]);
  });

  test("invalid arguments are a result the model can act on, and nothing runs", async () => {
    const helpers = recordingTransport({ ok: true, text: "never", meta: {} });
    const result = await shellTool.run({ command: "ls", timeout_seconds: 0, cwd: "/" }, contextWith(helpers));
    expect(result.ok).toBe(false);
    expect(result.meta).toEqual({ error_code: "args.invalid" });
    expect(result.text).toBe(
      "Invalid arguments for shell: timeout_seconds must be an integer from 1 to 600 (got 0); unknown argument cwd. " +
        "Rewrite the call with valid arguments.",
    );
    expect(helpers.requests).toEqual([]);
  });

  test("missing required arguments name the argument", async () => {
    const result = await fileReadTool.run(
      {},
      contextWith(recordingTransport({ ok: true, text: "", meta: {} })),
    );
    expect(result.text).toContain("path must be a non-empty string");
    expect(result.text).toContain("(missing)");
  });

  test("the helper's { ok: false } is a result carrying its code", async () => {
    const helpers = recordingTransport({
      ok: false,
      error: { code: "path.outside_home", message: "/etc/passwd is outside the agent's home" },
    });
    const result = await fileReadTool.run({ path: "/etc/passwd" }, contextWith(helpers));
    expect(result).toEqual({
      ok: false,
      text: "/etc/passwd is outside the agent's home",
      meta: { error_code: "path.outside_home" },
    });
  });

  test("an id the protocol cannot carry is our fault: request.invalid, before anything runs", async () => {
    const helpers = recordingTransport({ ok: true, text: "", meta: {} });
    const result = await codeSearchTool.run({ pattern: "x" }, contextWith(helpers, { runId: "my run" }));
    expect(result).toMatchObject({ ok: false, meta: { error_code: "request.invalid" } });
    expect(result.fault).toBeInstanceOf(GuildsError);
    expect(result.fault).toMatchObject({ code: "request.invalid" });
    expect(result.text).toMatch(/^The code_search call failed: The code_search call cannot be sent/);
    expect(result.text).toContain("run_id");
    expect(helpers.requests).toEqual([]);
  });

  test("every id or cap the protocol refuses is request.invalid, as its schema says, and nothing runs", async () => {
    const cases: [Partial<StandaloneCall>, string][] = [
      [{ agentId: "" }, "agent_id"],
      [{ callId: "c".repeat(201) }, "call_id"],
      [{ maxBytes: 1023 }, "max_bytes"],
      [{ maxBytes: 2048.5 }, "max_bytes"],
    ];
    for (const [overrides, field] of cases) {
      const helpers = recordingTransport({ ok: true, text: "", meta: {} });
      const result = await shellTool.run({ command: "true" }, contextWith(helpers, overrides));
      expect(result, field).toMatchObject({ ok: false, meta: { error_code: "request.invalid" } });
      expect(result.text, field).toContain(`${field} `);
      expect(helpers.requests, field).toEqual([]);
    }
  });

  test("a helper that fails is the tool's failed result: helper.failed", async () => {
    const marker = path.join(machine.root, "starts.txt");
    writeFileSync(marker, "");
    const helpers = createHelperTransport({
      mode: "one-shot",
      helperCommand: fakeHelperCommand("crash", marker),
    });
    const result = await shellTool.run({ command: "true" }, contextWith(helpers));
    expect(result).toMatchObject({ ok: false, meta: { error_code: "helper.failed" } });
    expect(result.fault).toBeInstanceOf(GuildsError);
    expect(result.text).toMatch(/^The shell call failed: code helper failed: /);
  });

  test("the machine is held awake for the whole call, and released after, even when it fails", async () => {
    const local = machine.machine;
    const keepAwake = local.keepAwake.bind(local);
    let holds = 0;
    local.keepAwake = () => {
      holds += 1;
      const release = keepAwake();
      return () => {
        holds -= 1;
        release();
      };
    };
    const helpers = createHelperTransport({ mode: "one-shot" });
    const running = shellTool.run({ command: "sleep 0.5" }, contextWith(helpers, { defaultCwd: "" }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const holdsWhileRunning = holds;
    await running;
    expect([holdsWhileRunning, holds]).toEqual([1, 0]);

    const marker = path.join(machine.root, "starts.txt");
    writeFileSync(marker, "");
    const crashing = createHelperTransport({
      mode: "one-shot",
      helperCommand: fakeHelperCommand("crash", marker),
    });
    await shellTool.run({ command: "true" }, contextWith(crashing));
    expect(holds).toBe(0);
  });

  test("the call wakes a stopped machine", async () => {
    await machine.machine.stop();
    const helpers = createHelperTransport({ mode: "one-shot" });
    await shellTool.run({ command: "true" }, contextWith(helpers));
    expect(machine.machine.isRunning()).toBe(true);
  });
});

describe("settings", () => {
  test("CODE_RESULT_MAX_BYTES: default 8192, at least 1024", () => {
    expect(codeResultMaxBytes({})).toBe(8192);
    expect(codeResultMaxBytes({ CODE_RESULT_MAX_BYTES: "" })).toBe(8192);
    expect(codeResultMaxBytes({ CODE_RESULT_MAX_BYTES: "1024" })).toBe(1024);
    expect(codeResultMaxBytes({ CODE_RESULT_MAX_BYTES: "65536" })).toBe(65536);
    for (const bad of ["1023", "8k", "-1", "1e4", "12.5"]) {
      expect(() => codeResultMaxBytes({ CODE_RESULT_MAX_BYTES: bad })).toThrow(/at least 1024/);
    }
  });

  test("the default working directory is the only repository, else the home", () => {
    expect(defaultWorkingDirectory(["app"])).toBe("repos/app");
    expect(defaultWorkingDirectory([])).toBe("");
    expect(defaultWorkingDirectory(["app", "lib"])).toBe("");
  });
});
