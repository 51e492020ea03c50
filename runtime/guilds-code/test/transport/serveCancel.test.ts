import { groupHasLiveMembers } from "@guilds/runtime/processTable";
import { describe, expect } from "vitest";
import { test } from "../support/helperFixture.ts";
import { CANCEL_TRAILER, cancelledResultLines, pidWrittenTo, startServe } from "../support/helperProcess.ts";
import { resultOf } from "../support/shellSupport.ts";

const STOPPED = [CANCEL_TRAILER, "exit_code: 130"];

describe("serve's cancel line", () => {
  test("stops one request's command while another on the same helper completes", async ({ helper }) => {
    const serve = startServe(helper);
    // The pid file is written after the line, so the cancel never comes before the line is in the log.
    serve.send("1", "shell", { command: "echo started a; echo $$ > a.pid; sleep 30; echo never" });
    serve.send("2", "shell", { command: "sleep 1; echo done b" });
    const group = await pidWrittenTo(helper, "a.pid");
    const started = Date.now();
    serve.sendLine("1 cancel");
    const cancelled = resultOf(await serve.answer("1"));
    // Well before the 30 s sleep would end, with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(cancelledResultLines(cancelled.text)).toEqual(["started a", CANCEL_TRAILER, "exit_code: 130"]);
    expect(cancelled.meta).toMatchObject({ exit_code: 130, timed_out: false });
    expect(groupHasLiveMembers(group)).toBe(false);

    const completed = resultOf(await serve.answer("2"));
    expect(completed).toEqual({ text: "done b", meta: { exit_code: 0, cwd: helper.home, timed_out: false } });
    expect(serve.answeredIds()).toEqual(["1", "2"]);
    serve.process.stdin?.end();
    expect(await serve.exit).toEqual({ code: 0, signal: null });
  });

  test("a cancel for an unknown or finished id is ignored", async ({ helper }) => {
    const serve = startServe(helper);
    serve.sendLine("7 cancel");
    serve.send("1", "shell", { command: "echo one" });
    expect(resultOf(await serve.answer("1")).text).toBe("one");
    serve.sendLine("1 cancel");
    serve.send("2", "ping", {});
    expect(await serve.answer("2")).toEqual({ ok: true, text: "pong", meta: {} });
    serve.process.stdin?.end();
    expect(await serve.exit).toEqual({ code: 0, signal: null });
  });
});

describe("serve asked to stop", () => {
  test("when its stdin closes, it stops its running commands, answers them, and exits", async ({
    helper,
  }) => {
    const serve = startServe(helper);
    serve.send("1", "shell", { command: "echo $$ > a.pid; sleep 30" });
    serve.send("2", "shell", { command: "echo $$ > b.pid; trap '' TERM; while :; do sleep 0.1; done" });
    const groups = [await pidWrittenTo(helper, "a.pid"), await pidWrittenTo(helper, "b.pid")];
    serve.process.stdin?.end();
    expect(await serve.exit).toEqual({ code: 0, signal: null });
    for (const id of ["1", "2"]) {
      expect(cancelledResultLines(resultOf(await serve.answer(id)).text).slice(-2)).toEqual(STOPPED);
    }
    for (const group of groups) expect(groupHasLiveMembers(group)).toBe(false);
  });

  test("on SIGTERM it does the same, its stdin still open", async ({ helper }) => {
    const serve = startServe(helper);
    serve.send("1", "shell", { command: "echo $$ > a.pid; sleep 30" });
    const group = await pidWrittenTo(helper, "a.pid");
    serve.process.kill("SIGTERM");
    expect(await serve.exit).toEqual({ code: 0, signal: null });
    expect(cancelledResultLines(resultOf(await serve.answer("1")).text).slice(-2)).toEqual(STOPPED);
    expect(groupHasLiveMembers(group)).toBe(false);
  });
});
