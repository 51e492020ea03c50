// A cancelled call, or one past its transport deadline, stops its foreground command the way the
// command's timeout does, through either transport, with the real helper, bash and sandbox.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createHelperTransport, type HelperTransport } from "../../src/toolbox/helperTransport.ts";
import { shellTool } from "../../src/tools/shell/shell.ts";
import { standaloneToolContext } from "../../src/tools/standaloneToolContext.ts";
import type { ToolResult } from "../../src/tools/tool.ts";
import { sandboxes, startMachine, type TestMachine } from "./machineFixture.ts";
import { markedSleep, processesWith, uniqueMarker } from "./processScan.ts";

const available = await sandboxes();
const CANCEL_TRAILER = "[cancelled; the command was stopped]";
/** The shell timeout of these commands; the injected deadline falls well inside it. */
const COMMAND_TIMEOUT_SECONDS = 30;
// Long enough for a one-shot helper to start its command on a loaded machine.
const SHORT_TRANSPORT_DEADLINE_MS = 4_000;

/** A cancelled command's lines, bash's racy "Terminated" left out. */
function resultLines(result: ToolResult): string[] {
  return result.text.split("\n").filter((line) => line !== "Terminated");
}

describe.each(available)("cancel and deadline ($label)", ({ sandbox, skipReason }) => {
  let machine: TestMachine;
  let transport: HelperTransport | undefined;
  beforeEach(async () => {
    if (skipReason) return;
    machine = await startMachine(sandbox);
  });
  afterEach(async () => {
    transport?.close();
    await machine?.dispose();
  });

  const contextFor = (helpers: HelperTransport, callId: string, signal?: AbortSignal) =>
    standaloneToolContext({
      machine: machine.machine,
      helpers,
      runId: "run1",
      agentId: "agent1",
      callId,
      defaultCwd: "",
      secrets: {},
      repoTokens: {},
      maxBytes: 4096,
      signal,
    });
  const startedFile = (name: string) => path.join(machine.root, "home", name);

  /** Runs the marked command, cancels it once it has started, and checks what comes back. */
  async function expectCancelled(helpers: HelperTransport, callId: string): Promise<void> {
    const marker = uniqueMarker();
    const controller = new AbortController();
    const call = shellTool.run(
      { command: markedSleep(marker, `${callId}.pid`) },
      contextFor(helpers, callId, controller.signal),
    );
    await expect.poll(() => existsSync(startedFile(`${callId}.pid`)), { timeout: 5_000 }).toBe(true);
    await expect.poll(() => processesWith(marker).length, { timeout: 5_000 }).toBeGreaterThan(0);
    const cancelledAt = Date.now();
    controller.abort();
    const result = await call;
    expect(Date.now() - cancelledAt).toBeLessThan(3_000);
    expect(result.ok).toBe(true);
    expect(resultLines(result)).toEqual(["before", CANCEL_TRAILER, "exit_code: 130"]);
    expect(result.meta).toEqual({
      exit_code: 130,
      cwd: machine.machine.home,
      timed_out: false,
      cancelled: true,
    });
    expect(processesWith(marker)).toEqual([]);
  }

  test.skipIf(skipReason)(
    "one-shot: a cancelled call returns the output so far and stops the command",
    async () => {
      await expectCancelled(createHelperTransport({ mode: "one-shot" }), "c1");
    },
  );

  test.skipIf(skipReason)(
    "session: a cancelled call stops its command while another call on the session completes",
    async () => {
      transport = createHelperTransport({ mode: "session" });
      const other = shellTool.run({ command: "sleep 1; echo done" }, contextFor(transport, "c2"));
      await expectCancelled(transport, "c1");
      expect(await other).toEqual({
        ok: true,
        text: "done",
        meta: { exit_code: 0, cwd: machine.machine.home, timed_out: false },
      });
    },
  );

  for (const mode of ["one-shot", "session"] as const) {
    test.skipIf(skipReason)(`${mode}: past the transport deadline the command is stopped too`, async () => {
      transport = createHelperTransport({
        mode,
        // shell waits its own timeout plus this margin: here 4 s in all, far inside the command's timeout.
        deadlines: { shellExtraMs: SHORT_TRANSPORT_DEADLINE_MS - COMMAND_TIMEOUT_SECONDS * 1000 },
      });
      const marker = uniqueMarker();
      const started = Date.now();
      const result = await shellTool.run(
        { command: markedSleep(marker, "late.pid"), timeout_seconds: COMMAND_TIMEOUT_SECONDS },
        contextFor(transport, "c1"),
      );
      expect(result).toMatchObject({ ok: false, meta: { error_code: "helper.timeout" } });
      expect(result.fault).toMatchObject({ code: "helper.timeout" });
      expect(Date.now() - started).toBeLessThan(SHORT_TRANSPORT_DEADLINE_MS + 4_000);
      expect(existsSync(startedFile("late.pid"))).toBe(true);
      // The call returns once the helper is gone, and the helper goes once its command has.
      expect(processesWith(marker)).toEqual([]);
    });
  }
});
