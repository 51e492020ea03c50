import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import { REQUEST_INLINE_MAX_BYTES } from "@guilds/protocol/limits";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createHelperTransport, type HelperTransport } from "../../src/toolbox/helperTransport.ts";
import { usePerTest } from "../support/acrossTests.ts";
import { fakeHelperCommand, sandboxes, startMachine, type TestMachine } from "./machineFixture.ts";
import { helperRequest } from "./requests.ts";

const available = await sandboxes();

describe.each(available)("one-shot with the real helper ($label)", ({ sandbox, skipReason }) => {
  const machine = usePerTest(() => startMachine(sandbox), skipReason);

  test.skipIf(skipReason)("ping answers pong", async () => {
    const transport = createHelperTransport({ mode: "one-shot" });
    const envelope = await transport.run(machine.machine, helperRequest("ping", {}));
    expect(envelope).toEqual({ ok: true, text: "pong", meta: {} });
  });

  test.skipIf(skipReason)(
    "a request past 64 KiB goes through the request file, deleted afterwards",
    async () => {
      const transport = createHelperTransport({ mode: "one-shot" });
      const padding = "x".repeat(REQUEST_INLINE_MAX_BYTES);
      const envelope = await transport.run(machine.machine, helperRequest("ping", { padding }));
      expect(envelope).toEqual({ ok: true, text: "pong", meta: {} });
      const requests = path.join(machine.root, "run", "requests");
      expect(existsSync(requests) ? readdirSync(requests) : []).toEqual([]);
    },
  );
});

describe("one-shot edges, with a fake helper (unconfined)", () => {
  let machine: TestMachine;
  let marker: string;
  beforeEach(async () => {
    machine = await startMachine("unconfined");
    marker = path.join(machine.root, "starts.txt");
    writeFileSync(marker, "");
  });
  afterEach(async () => {
    await machine.dispose();
  });

  const transportFor = (mode: string, deadlines = {}): HelperTransport =>
    createHelperTransport({
      mode: "one-shot",
      helperCommand: fakeHelperCommand(mode, marker),
      deadlines: { killGraceMs: 200, ...deadlines },
    });

  test("a request past 64 KiB is written to /run/guilds/requests/<run id>-<call id>.json", async () => {
    const request = helperRequest("ping", { padding: "x".repeat(REQUEST_INLINE_MAX_BYTES) });
    const envelope = await transportFor("answer").run(machine.machine, request);
    const file = path.posix.join(machine.machine.runtimeDir, `requests/run1-${request.call_id}.json`);
    expect(envelope).toMatchObject({ ok: true, text: `one-shot ping request-file ${file}` });
  });

  test("a small request travels inline", async () => {
    const envelope = await transportFor("answer").run(machine.machine, helperRequest("ping", {}));
    expect(envelope).toMatchObject({ ok: true, text: "one-shot ping inline" });
  });

  test("a helper that crashes fails the call with the last 5 lines of its stderr", async () => {
    const failure = await transportFor("crash")
      .run(machine.machine, helperRequest("ping", {}))
      .catch((caught: unknown) => caught);
    expect(failure).toBeInstanceOf(GuildsError);
    const error = failure as GuildsError;
    expect(error.code).toBe("helper.failed");
    expect(error.message).toMatch(
      /^code helper failed: guilds-code exited with code 1 and printed no envelope/,
    );
    for (const line of [3, 4, 5, 6, 7]) expect(error.message).toContain(`stderr line ${line}`);
    expect(error.message).not.toContain("stderr line 2");
  });

  test("guilds-harness failing is a harness helper failing", async () => {
    const failure = await createHelperTransport({
      mode: "one-shot",
      helperCommand: fakeHelperCommand("crash", marker),
      helperName: "guilds-harness",
      deadlines: { killGraceMs: 200 },
    })
      .run(machine.machine, helperRequest("poll", {}))
      .catch((caught: unknown) => caught);
    expect(failure).toMatchObject({ code: "helper.failed" });
    expect((failure as Error).message).toMatch(
      /^harness helper failed: guilds-harness exited with code 1 and printed no envelope/,
    );
  });

  test("a helper that prints garbage fails the call", async () => {
    const failure = await transportFor("garbage")
      .run(machine.machine, helperRequest("ping", {}))
      .catch((caught: unknown) => caught);
    expect(failure).toMatchObject({ code: "helper.failed" });
    expect((failure as Error).message).toContain("printed something that is not an envelope");
    expect((failure as Error).message).toContain("about to print garbage");
  });

  test("a helper that hangs is stopped at the op deadline", async () => {
    const started = Date.now();
    const failure = await transportFor("hang", { opMs: 500 })
      .run(machine.machine, helperRequest("file_read", { path: "x" }))
      .catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(failure).toMatchObject({ code: "helper.timeout" });
    expect((failure as Error).message).toContain("gave no answer to file_read within 0.5 s");
    expect((failure as Error).message).toContain("hanging now");
    await expectStoppedSoon(startedPids(marker));
  });

  test("shell waits its own timeout plus the margin, not the op deadline", async () => {
    const started = Date.now();
    const failure = await transportFor("hang", { opMs: 60_000, shellExtraMs: 300 })
      .run(machine.machine, helperRequest("shell", { command: "sleep 100", timeout_seconds: 1 }))
      .catch((caught: unknown) => caught);
    const waited = Date.now() - started;
    expect(failure).toMatchObject({ code: "helper.timeout" });
    expect(waited).toBeGreaterThanOrEqual(1_250);
    expect(waited).toBeLessThan(3_000);
  });

  test("a cancelled call stops its helper at once", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const failure = await transportFor("hang")
      .run(machine.machine, helperRequest("shell", { command: "sleep 100" }), { signal: controller.signal })
      .catch((caught: unknown) => caught);
    // Stopped by its SIGTERM: before the 5 s cancel wait would have ended in a SIGKILL.
    expect(Date.now() - started).toBeLessThan(4_500);
    expect(failure).toMatchObject({ code: "helper.cancelled" });
    await expectStoppedSoon(startedPids(marker));
  });

  test("a cancelled helper that ignores SIGTERM is killed once the cancel wait is over", async () => {
    const controller = new AbortController();
    const call = transportFor("hang-deaf", { cancelWaitMs: 500 })
      .run(machine.machine, helperRequest("shell", { command: "sleep 100" }), { signal: controller.signal })
      .catch((caught: unknown) => caught);
    await expect.poll(() => startedPids(marker).length, { timeout: 5_000 }).toBe(1);
    const cancelledAt = Date.now();
    controller.abort();
    const failure = await call;
    const waited = Date.now() - cancelledAt;
    expect(failure).toMatchObject({ code: "helper.cancelled" });
    expect(waited).toBeGreaterThanOrEqual(500);
    expect(waited).toBeLessThan(2_500);
    expect(startedPids(marker).filter(isAlive)).toEqual([]);
  });

  test("at the deadline a helper that ignores SIGTERM is killed after the grace, before the call fails", async () => {
    const started = Date.now();
    // The deadline leaves the fake time to start, and so to ignore the SIGTERM.
    const failure = await transportFor("hang-deaf", { opMs: 1_500, killGraceMs: 400 })
      .run(machine.machine, helperRequest("file_read", { path: "x" }))
      .catch((caught: unknown) => caught);
    expect(failure).toMatchObject({ code: "helper.timeout" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(startedPids(marker).filter(isAlive)).toEqual([]);
  });
});

function startedPids(marker: string): number[] {
  return readFileSync(marker, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => Number(line.split(" ")[1]));
}

async function expectStoppedSoon(pids: number[]): Promise<void> {
  expect(pids.length).toBeGreaterThan(0);
  await expect.poll(() => pids.filter(isAlive), { timeout: 3_000 }).toEqual([]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
