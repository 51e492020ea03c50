import { readFileSync } from "node:fs";
import path from "node:path";
import { SHELL_KILL_GRACE_MS } from "@guilds/protocol/limits";
import { groupHasLiveMembers, isProcessLive } from "@guilds/runtime/processTable";
import { describe, expect } from "vitest";
import type { BackgroundRecord } from "../../../src/background/backgroundRecords.ts";
import { test } from "../../support/helperFixture.ts";
import {
  CANCEL_TRAILER,
  cancelledResultLines,
  pidWrittenTo,
  startOneShot,
} from "../../support/helperProcess.ts";
import { resultOf, run } from "../../support/shellSupport.ts";

describe("a one-shot helper asked to stop", () => {
  test.for(["SIGTERM", "SIGINT", "SIGHUP"] as const)(
    "on %s stops its foreground command as a timeout does, and still answers",
    async (signal, { helper }) => {
      const call = startOneShot(helper, "shell", {
        command: "echo $$ > cmd.pid; echo before; sleep 30; echo never",
      });
      const group = await pidWrittenTo(helper, "cmd.pid");
      const started = Date.now();
      call.process.kill(signal);
      const { text, meta } = resultOf(await call.envelope);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(cancelledResultLines(text)).toEqual(["before", CANCEL_TRAILER, "exit_code: 130"]);
      expect(meta).toEqual({ exit_code: 130, cwd: helper.home, timed_out: false });
      expect(groupHasLiveMembers(group)).toBe(false);
      expect(await call.exit).toEqual({ code: 0, signal: null });
    },
  );

  test("a command that ignores SIGTERM gets SIGKILL two seconds later, children included", async ({
    helper,
  }) => {
    const command = [
      "trap '' TERM",
      "echo $$ > cmd.pid",
      "(exec sleep 30) &",
      'echo "child $!"',
      "while :; do sleep 0.1; done",
    ].join("\n");
    const call = startOneShot(helper, "shell", { command });
    const group = await pidWrittenTo(helper, "cmd.pid");
    const started = Date.now();
    call.process.kill("SIGTERM");
    const { text } = resultOf(await call.envelope);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(SHELL_KILL_GRACE_MS);
    expect(waited).toBeLessThan(SHELL_KILL_GRACE_MS + 3_000);
    const [, child] = /^child (\d+)$/m.exec(text) ?? [];
    expect(cancelledResultLines(text).slice(-2)).toEqual([CANCEL_TRAILER, "exit_code: 130"]);
    expect(isProcessLive(Number(child))).toBe(false);
    expect(groupHasLiveMembers(group)).toBe(false);
  });

  test("a background command started earlier survives a cancelled foreground call", async ({ helper }) => {
    await run(helper, "shell", { command: "sleep 30", background: true });
    const record: BackgroundRecord = JSON.parse(
      readFileSync(path.join(helper.runtimeDir, "agent1/background/b1.json"), "utf8"),
    );
    const call = startOneShot(helper, "shell", { command: "echo $$ > cmd.pid; sleep 30" });
    const group = await pidWrittenTo(helper, "cmd.pid");
    call.process.kill("SIGTERM");
    expect(resultOf(await call.envelope).text).toContain(CANCEL_TRAILER);
    expect(groupHasLiveMembers(group)).toBe(false);
    expect(isProcessLive(Number(record.pid))).toBe(true);
    expect((await run(helper, "shell_status", { id: "b1" })).meta.state).toBe("running");
    await run(helper, "shell_status", { id: "b1", stop: true });
  });
});
