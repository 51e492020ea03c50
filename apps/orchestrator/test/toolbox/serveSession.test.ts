import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createHelperTransport, type HelperTransport } from "../../src/toolbox/helperTransport.ts";
import { fakeHelperCommand, sandboxes, startMachine, type TestMachine } from "./machineFixture.ts";
import { helperRequest } from "./requests.ts";

const available = await sandboxes();

describe.each(available)("the long-lived helper, real ($label)", ({ sandbox, skipReason }) => {
  let machine: TestMachine;
  let transport: HelperTransport;
  beforeEach(async () => {
    if (skipReason) return;
    machine = await startMachine(sandbox);
    transport = createHelperTransport({ mode: "session" });
  });
  afterEach(async () => {
    transport?.close();
    await machine?.dispose();
  });

  test.skipIf(skipReason)("answers concurrent calls, each matched by its id", async () => {
    const requests = Array.from({ length: 20 }, (_, index) =>
      helperRequest(index % 2 === 0 ? "ping" : "no_such_op", {}),
    );
    const envelopes = await Promise.all(requests.map((request) => transport.run(machine.machine, request)));
    envelopes.forEach((envelope, index) => {
      if (index % 2 === 0) expect(envelope).toEqual({ ok: true, text: "pong", meta: {} });
      else expect(envelope).toMatchObject({ ok: false, error: { code: "op.unknown" } });
    });
  });

  test.skipIf(skipReason)(
    "the helper takes its calls over its own socket in the runtime dir, gone with it",
    async () => {
      const folder = machine.machine.sessionSocketFolder?.() ?? null;
      expect(folder).not.toBeNull();
      const sockets = () => readdirSync(folder ?? "").filter((name) => name.endsWith(".sock"));
      const envelope = await transport.run(machine.machine, helperRequest("shell", { command: "echo hi" }));
      expect(envelope).toMatchObject({ ok: true, text: "hi" });
      expect(sockets()).toEqual([expect.stringMatching(/^\.serve-[0-9a-f]+\.sock$/)]);
      transport.close();
      await expect.poll(sockets, { timeout: 10_000 }).toEqual([]);
    },
  );

  test.skipIf(skipReason)(
    "forks shell commands through its launcher, each leading a process group",
    async () => {
      const envelope = await transport.run(
        machine.machine,
        helperRequest("shell", { command: "cat /proc/$PPID/comm; cut -d' ' -f5 /proc/$$/stat; echo $$" }),
      );
      const [parent, group, pid] = (envelope.ok ? envelope.text : JSON.stringify(envelope)).split("\n");
      // perl: not Node's own fork of the helper (the fallback when a machine has no perl).
      expect(parent).toBe("perl");
      expect(group).toBe(pid);
    },
  );

  test.skipIf(skipReason)("a shell call whose machine stopped mid-call is never run twice", async () => {
    const call = transport
      .run(machine.machine, helperRequest("shell", { command: "echo ran >> ran.txt; sleep 30" }))
      .catch((caught: unknown) => caught);
    // The helper's first start takes seconds on a loaded machine; the command must still be running at the stop.
    await expect
      .poll(() => existsSync(path.join(machine.root, "home", "ran.txt")), { timeout: 20_000 })
      .toBe(true);
    await machine.machine.stop();
    const outcome = await call;
    if (sandbox === "unconfined") {
      // The stop's SIGTERM reaches serve, which stops the command as a cancel does and still answers.
      expect(outcome).toMatchObject({ ok: true, meta: { exit_code: 130 } });
      expect((outcome as { text: string }).text).toMatch(
        /\[cancelled; the command was stopped\]\nexit_code: 130$/,
      );
    } else {
      // The sandbox ends with everything inside it: nothing is left to answer.
      expect(outcome).toMatchObject({ code: "helper.failed" });
      expect((outcome as Error).message).toMatch(
        /^code helper failed: guilds-code serve .* while running this call/,
      );
    }
    expect(readFileSync(path.join(machine.root, "home", "ran.txt"), "utf8")).toBe("ran\n");
  });

  test.skipIf(skipReason)("starts again after the machine stopped", async () => {
    await transport.run(machine.machine, helperRequest("ping", {}));
    await machine.machine.stop();
    const envelope = await transport.run(machine.machine, helperRequest("ping", {}));
    expect(envelope).toEqual({ ok: true, text: "pong", meta: {} });
  });
});

describe("the long-lived helper's edges, with a fake helper (unconfined)", () => {
  let machine: TestMachine;
  let marker: string;
  let transport: HelperTransport | undefined;
  beforeEach(async () => {
    machine = await startMachine("unconfined");
    marker = path.join(machine.root, "starts.txt");
    writeFileSync(marker, "");
  });
  afterEach(async () => {
    transport?.close();
    await machine.dispose();
  });

  const transportFor = (mode: string, options: { deadlines?: object; strict?: boolean } = {}) => {
    transport = createHelperTransport({
      mode: options.strict ? "session" : "auto",
      helperCommand: fakeHelperCommand(mode, marker),
      deadlines: { killGraceMs: 200, sessionRetryMs: 60_000, ...options.deadlines },
    });
    return transport;
  };
  const starts = () => readFileSync(marker, "utf8").split("\n").filter(Boolean);

  test("calls go through the session once it is up", async () => {
    const helpers = transportFor("answer");
    const first = await helpers.run(machine.machine, helperRequest("file_read", { path: "a" }));
    const second = await helpers.run(machine.machine, helperRequest("shell", { command: "true" }));
    expect([first, second]).toMatchObject([{ text: "session file_read" }, { text: "session shell" }]);
    expect(starts().map((line) => line.split(" ")[0])).toEqual(["serve"]);
  });

  test("a read-only call whose session died mid-call is run again one-shot", async () => {
    const envelope = await transportFor("serve-dies").run(
      machine.machine,
      helperRequest("file_read", { path: "a" }),
    );
    expect(envelope).toMatchObject({ ok: true, text: "one-shot file_read inline" });
  });

  test("a shell call whose session died mid-call fails and is never run again", async () => {
    const failure = await transportFor("serve-dies")
      .run(machine.machine, helperRequest("shell", { command: "date >> ran.txt" }))
      .catch((caught: unknown) => caught);
    expect(failure).toMatchObject({ code: "helper.failed" });
    expect((failure as Error).message).toMatch(/^code helper failed: guilds-code serve exited with code 3/);
    expect((failure as Error).message).toContain("serve is dying on shell");
    expect(starts().map((line) => line.split(" ")[0])).toEqual(["serve"]);
  });

  test("shell_status with stop is not run again either; without stop it is", async () => {
    const stop = await transportFor("serve-dies")
      .run(machine.machine, helperRequest("shell_status", { id: "b1", stop: true }))
      .catch((caught: unknown) => caught);
    expect(stop).toMatchObject({ code: "helper.failed" });
    const list = await transport?.run(machine.machine, helperRequest("shell_status", { stop: false }));
    expect(list).toMatchObject({ ok: true, text: "one-shot shell_status inline" });
  });

  test("a session that died holding a call is replaced after a pause; meanwhile calls go one-shot", async () => {
    const helpers = transportFor("serve-dies");
    await helpers.run(machine.machine, helperRequest("code_search", { pattern: "x" }));
    const meanwhile = await helpers.run(machine.machine, helperRequest("code_search", { pattern: "x" }));
    expect(meanwhile).toMatchObject({ text: "one-shot code_search inline" });
    expect(starts().filter((line) => line.startsWith("serve"))).toHaveLength(1);
  });

  test("a dead session is started again on a later call once the pause is over", async () => {
    const helpers = transportFor("serve-dies", { deadlines: { sessionRetryMs: 0 } });
    await helpers.run(machine.machine, helperRequest("code_search", { pattern: "x" }));
    await helpers.run(machine.machine, helperRequest("code_search", { pattern: "x" }));
    expect(starts().filter((line) => line.startsWith("serve"))).toHaveLength(2);
  });

  test("a session that cannot start leaves the calls to one-shot helpers, and is not retried at once", async () => {
    const helpers = transportFor("serve-refuses");
    const first = await helpers.run(machine.machine, helperRequest("shell", { command: "true" }));
    const second = await helpers.run(machine.machine, helperRequest("shell", { command: "true" }));
    expect([first, second]).toMatchObject([
      { text: "one-shot shell inline" },
      { text: "one-shot shell inline" },
    ]);
    expect(starts().map((line) => line.split(" ")[0])).toEqual(["serve", "one-shot", "one-shot"]);
  });

  test("in session mode, a session that cannot start fails the call with its stderr", async () => {
    const failure = await transportFor("serve-refuses", { strict: true })
      .run(machine.machine, helperRequest("ping", {}))
      .catch((caught: unknown) => caught);
    expect(failure).toMatchObject({ code: "helper.failed" });
    expect((failure as Error).message).toContain("serve is not supported here");
  });

  test("an answer that is not an envelope fails that call", async () => {
    const failure = await transportFor("serve-garbage")
      .run(machine.machine, helperRequest("file_read", { path: "a" }))
      .catch((caught: unknown) => caught);
    expect(failure).toMatchObject({ code: "helper.failed" });
    expect((failure as Error).message).toContain("serve answered with a line that is not an envelope");
  });

  test("a call past its deadline fails, and the wedged session is replaced", async () => {
    const helpers = transportFor("serve-hang", { deadlines: { opMs: 400, sessionRetryMs: 0 } });
    const started = Date.now();
    const failure = await helpers
      .run(machine.machine, helperRequest("file_read", { path: "a" }))
      .catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(failure).toMatchObject({ code: "helper.timeout" });
    // The replacement hangs as well (it is the same fake), but it is a new process.
    await helpers.run(machine.machine, helperRequest("ping", {})).catch(() => undefined);
    expect(starts().filter((line) => line.startsWith("serve"))).toHaveLength(2);
  });

  test("a cancel is sent as a cancel line; a session that does not answer it fails the call with helper.cancelled", async () => {
    const helpers = transportFor("serve-hang", { deadlines: { cancelWaitMs: 300 } });
    // A ping first (request 1): the session is up before the call below (request 2) is cancelled.
    await helpers.run(machine.machine, helperRequest("ping", {}));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = Date.now();
    const failure = await helpers
      .run(machine.machine, helperRequest("shell", { command: "sleep 100" }), { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(failure).toMatchObject({ code: "helper.cancelled" });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(starts()).toContain("cancel 2");
  });

  test("a session that ends after a cancel fails the call with helper.cancelled, and it is not run again", async () => {
    const helpers = transportFor("serve-dies-on-cancel");
    await helpers.run(machine.machine, helperRequest("ping", {}));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const failure = await helpers
      .run(machine.machine, helperRequest("file_read", { path: "a" }), { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(failure).toMatchObject({ code: "helper.cancelled" });
    expect(starts()).toContain("cancel 2");
    expect(starts().filter((line) => line.startsWith("one-shot"))).toEqual([]);
  });
});
