import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { BACKGROUND_KILL_GRACE_MS } from "@guilds/protocol/limits";
import { groupHasLiveMembers, isProcessLive } from "@guilds/runtime/processTable";
import { describe, expect } from "vitest";
import type { BackgroundRecord } from "../../../src/background/backgroundRecords.ts";
import { type HelperHome, test } from "../../support/helperFixture.ts";
import { callDirect, resultOf, run, seqLines, within } from "../../support/shellSupport.ts";

function record(helper: HelperHome, id: string): BackgroundRecord {
  return JSON.parse(readFileSync(path.join(helper.runtimeDir, "agent1/background", `${id}.json`), "utf8"));
}

/** Asks shell_status until the command is in `state` (the helper that started it is long gone). */
async function waitForState(helper: HelperHome, id: string, state: string) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const result = await run(helper, "shell_status", { id });
    if (result.meta.state === state) return result;
    await sleep(100);
  }
  throw new Error(`${id} never reached ${state}`);
}

describe("shell in the background", () => {
  test("returns at once with its id, pid, log and how to check it", async ({ helper }) => {
    const { value } = await within(15_000, () =>
      run(helper, "shell", { command: "sleep 30", background: true }, { call_id: "server" }),
    );
    const pid = record(helper, "b1").pid;
    expect(value.text).toBe(
      [
        `started b1 in the background (pid ${pid})`,
        "log: ~/.runs/run1/server.log",
        'check it with shell_status {"id": "b1"}; stop it with shell_status {"id": "b1", "stop": true}',
      ].join("\n"),
    );
    expect(value.meta).toEqual({ background_id: "b1", log_path: "~/.runs/run1/server.log" });
    expect(isProcessLive(Number(pid))).toBe(true);
    expect(record(helper, "b1")).toMatchObject({ id: "b1", command: "sleep 30", cwd: helper.home });
    const second = await run(helper, "shell", { command: "sleep 30", background: true });
    expect(second.meta.background_id).toBe("b2");
    await run(helper, "shell_status", { id: "b1", stop: true });
    await run(helper, "shell_status", { id: "b2", stop: true });
  });

  test("ids stay distinct when commands start at the same time", async ({ helper }) => {
    const started = await Promise.all(
      Array.from({ length: 5 }, () => run(helper, "shell", { command: "true", background: true })),
    );
    expect(started.map((result) => result.meta.background_id).sort()).toEqual(["b1", "b2", "b3", "b4", "b5"]);
  });

  test("its exit code is recorded after the helper that started it is gone", async ({ helper }) => {
    await run(
      helper,
      "shell",
      { command: "seq 1 100; sleep 0.3; exit 7", background: true },
      { call_id: "job" },
    );
    const result = await waitForState(helper, "b1", "exited");
    const [headline, logLine, ...lines] = result.text.split("\n");
    expect(headline).toMatch(/^b1 exited 7 after [0-2]s$/);
    expect(logLine).toBe("log: ~/.runs/run1/job.log");
    expect(lines.join("\n")).toBe(seqLines(61, 100));
    expect(result.meta).toEqual({
      background_id: "b1",
      state: "exited",
      log_path: "~/.runs/run1/job.log",
      exit_code: 7,
    });
  });

  test("runs with the shell's environment, built explicitly, in the working directory", async ({
    helper,
  }) => {
    mkdirSync(path.join(helper.home, "repos/app"), { recursive: true });
    await run(helper, "shell", { command: "cd repos/app" });
    const command =
      'pwd; echo "$PAGER $GUILD_RUN_ID $GH_TOKEN $API_KEY"; printenv GUILDS_HELPER_ONLY || echo unset';
    const { envelope } = await callDirect(
      helper,
      "shell",
      { command, background: true },
      {
        request: { env: { API_KEY: "key-1" }, repo_tokens: { app: "token-app" } },
        environment: { GUILDS_HELPER_ONLY: "leak" },
      },
    );
    const id = String(resultOf(envelope).meta.background_id);
    const result = await waitForState(helper, id, "exited");
    expect(result.text.split("\n").slice(2)).toEqual([
      path.join(helper.home, "repos/app"),
      "cat run1 token-app key-1",
      "unset",
    ]);
  });

  test("is listed as <id> <state> <elapsed> <command>", async ({ helper }) => {
    expect(await run(helper, "shell_status", {})).toEqual({
      text: "no background commands",
      meta: { commands: 0 },
    });
    await run(helper, "shell", { command: "echo one", background: true });
    await run(helper, "shell", { command: "sleep 30\necho never", background: true });
    await waitForState(helper, "b1", "exited");
    const list = await run(helper, "shell_status", {});
    expect(list.text).toMatch(/^b1 exited 0 [0-2]s echo one\nb2 running [0-9]s sleep 30$/);
    expect(list.meta).toEqual({ commands: 2 });
    await run(helper, "shell_status", { id: "b2", stop: true });
  });

  test("an unknown id names the known ones", async ({ helper }) => {
    expect(await run(helper, "shell_status", { id: "b1" })).toEqual({
      text: "no background command b1: none has been started on this machine",
      meta: {},
    });
    await run(helper, "shell", { command: "true", background: true });
    expect((await run(helper, "shell_status", { id: "b7" })).text).toBe(
      "no background command b7; known ids: b1",
    );
    expect((await run(helper, "shell_status", { stop: true })).text).toBe(
      'Invalid arguments for shell_status: stop needs an id: stop ends one background command, such as {"id": "b1", "stop": true} (got true). Rewrite the call with valid arguments.',
    );
  });

  test("stop sends SIGTERM to its process group and reports it stopped", async ({ helper }) => {
    await run(helper, "shell", { command: "sleep 30 & sleep 30; wait", background: true });
    const { pid } = record(helper, "b1");
    // Exit code 143 says SIGTERM did it, without the SIGKILL five seconds later; the time bound
    // leaves room for a helper starting on a loaded machine.
    const { value } = await within(BACKGROUND_KILL_GRACE_MS + 10_000, () =>
      run(helper, "shell_status", { id: "b1", stop: true }),
    );
    expect(value.text.split("\n")[0]).toMatch(/^b1 stopped after \d+s \(exit code 143\)$/);
    expect(value.meta).toMatchObject({ state: "stopped", exit_code: 143 });
    expect(groupHasLiveMembers(Number(pid))).toBe(false);
    // A stop on a command that has ended only reports its state.
    expect((await run(helper, "shell_status", { id: "b1", stop: true })).meta.state).toBe("stopped");
  });

  test("a command ignoring SIGTERM gets SIGKILL five seconds later", async ({ helper }) => {
    await run(helper, "shell", { command: "trap '' TERM; sleep 30 & wait; sleep 30", background: true });
    const { pid } = record(helper, "b1");
    const { value, ms } = await within(BACKGROUND_KILL_GRACE_MS + 10_000, () =>
      run(helper, "shell_status", { id: "b1", stop: true }),
    );
    expect(ms).toBeGreaterThanOrEqual(BACKGROUND_KILL_GRACE_MS);
    expect(value.meta).toMatchObject({ state: "stopped", exit_code: 137 });
    expect(groupHasLiveMembers(Number(pid))).toBe(false);
  });

  test("a command gone without an exit code is ended", async ({ helper }) => {
    await run(helper, "shell", { command: "sleep 30", background: true });
    const { pid, wrapper_pid: wrapperPid } = record(helper, "b1");
    process.kill(Number(wrapperPid), "SIGKILL");
    expect((await run(helper, "shell_status", { id: "b1" })).meta.state).toBe("running");
    process.kill(Number(pid), "SIGKILL");
    const result = await waitForState(helper, "b1", "ended");
    expect(result.text.split("\n")[0]).toMatch(/^b1 ended after [0-9]s without an exit code$/);
    expect(result.meta.exit_code).toBeNull();
    expect(existsSync(path.join(helper.runtimeDir, "agent1/background/b1.exit"))).toBe(false);
    expect((await run(helper, "shell_status", {})).text).toMatch(/^b1 ended [0-9]s sleep 30$/);
  });
});
