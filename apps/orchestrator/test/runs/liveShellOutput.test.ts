// A running shell call's output, live: tool.progress while a real command runs in a real machine,
// on the local (bwrap) and the container (docker) provider; and a background command's output
// through GET /api/runs/{runId}/tool-calls/{callId}/output.

import { TASK_PROGRESS_LINE_MAX_CHARS } from "@guilds/protocol/harnessLimits";
import type { RunEventEnvelope } from "@guilds/protocol/runEvents";
import {
  type BackgroundOutputView,
  SHELL_OUTPUT_FIRST_POLL_MS,
  SHELL_OUTPUT_POLL_INTERVAL_MS,
} from "@guilds/protocol/shellOutput";
import { describe, expect, test } from "vitest";
import { parseModelScript } from "../../src/providers/modelScript.ts";
import { createScriptedProvider } from "../../src/providers/scriptedProvider.ts";
import { storeBackgroundOutput } from "../../src/runs/storeBackgroundOutput.ts";
import { harnessApi } from "../support/harnessApi.ts";
import { leakedPieces, SECRET } from "../support/secretPieces.ts";
import { type Sandbox, sandboxes } from "../toolbox/machineFixture.ts";
import { openRunHarness, type RunHarness, sandboxReachableHome } from "./runFixture.ts";

const LONG_LINE = `${"7".repeat(300)}`;
/** Three lines a second apart, the secret, a line longer than 240 characters, then a pause. */
const COMMAND = `for i in 1 2 3; do echo "line $i"; sleep 1; done; echo "token $API_TOKEN"; echo ${LONG_LINE}; sleep 1`;
const OUTPUT = ["line 1", "line 2", "line 3", "token [redacted]", LONG_LINE];
/** What the model reads: the whole output, then the platform's trailer. */
const RESULT = `${OUTPUT.join("\n")}\n\nremaining_tool_calls: 99`;

async function harnessOn(
  sandbox: Sandbox,
  toolCalls: { name: string; args: unknown }[],
): Promise<RunHarness> {
  const script = parseModelScript({ steps: [{ type: "reply", tool_calls: toolCalls }] });
  const harness = await openRunHarness({
    home: sandboxReachableHome("guilds-live-output-"),
    sandbox,
    provider: () => createScriptedProvider(script),
  });
  await harness.store.secrets.set(
    { scope: "agent", agentId: harness.agent.id },
    { name: "API_TOKEN", value: SECRET },
  );
  return harness;
}

/** The run's events until run.ended, each with when it arrived here. */
async function runWithArrivals(harness: RunHarness) {
  const { runId } = await harness.service.start({ agentId: harness.agent.id, message: "Go." });
  const seen: { event: RunEventEnvelope; at: number }[] = [];
  await new Promise<void>((resolve) => {
    const unsubscribe = harness.events.subscribe({ runId }, 0, (event) => {
      seen.push({ event, at: Date.now() });
      if (event.type === "run.ended") {
        unsubscribe();
        resolve();
      }
    });
  });
  return { runId, seen };
}

const chosen = (await sandboxes()).filter(({ sandbox }) => sandbox === "bwrap" || sandbox === "docker");

describe.each(chosen)("live shell output ($label)", ({ sandbox, skipReason }) => {
  test.skipIf(skipReason !== undefined)(
    "a foreground command's lines arrive as tool.progress while it runs: throttled, redacted, cut at 240, never stored; the result is the model's as before",
    async () => {
      const harness = await harnessOn(sandbox, [{ name: "shell", args: { command: COMMAND } }]);
      try {
        const { runId, seen } = await runWithArrivals(harness);
        const started = seen.find(({ event }) => event.data.type === "tool.started");
        const finished = seen.find(({ event }) => event.data.type === "tool.finished");
        const progress = seen.filter(({ event }) => event.data.type === "tool.progress");
        if (started === undefined || finished?.event.data.type !== "tool.finished")
          throw new Error("no call");
        expect(finished.event.data.status).toBe("completed");

        const lines = progress.flatMap(({ event }) =>
          event.data.type === "tool.progress" ? event.data.lines : [],
        );
        const cut = `${LONG_LINE.slice(0, TASK_PROGRESS_LINE_MAX_CHARS - 1)}\u2026`;
        expect(lines).toEqual([...OUTPUT.slice(0, 4), cut]);
        expect(Array.from(cut)).toHaveLength(TASK_PROGRESS_LINE_MAX_CHARS);
        // Live: one line at a time, the first well before the end, all of them for this call.
        expect(progress.length).toBeGreaterThanOrEqual(4);
        expect(progress[0]?.event.data).toMatchObject({ tool_call_id: finished.event.data.tool_call_id });
        expect((progress[0]?.at ?? 0) - started.at).toBeGreaterThanOrEqual(SHELL_OUTPUT_FIRST_POLL_MS - 50);
        expect(finished.at - (progress[0]?.at ?? 0)).toBeGreaterThan(2_500);
        // Throttled: at most one read per interval, and only a read that found lines is sent.
        expect(progress.length).toBeLessThanOrEqual(
          (finished.at - started.at) / SHELL_OUTPUT_POLL_INTERVAL_MS,
        );
        expect(progress.every(({ event }) => event.id === null)).toBe(true);

        // The model's result is the command's whole output, as without the live view.
        expect(finished.event.data.result).toBe(RESULT);
        const stored = await harness.store.events.listForRun(runId);
        expect(stored.map((event) => event.type)).not.toContain("tool.progress");
        const calls = await harness.store.toolCalls.list(runId);
        expect(calls.map((call) => call.result)).toEqual([RESULT]);
        expect(leakedPieces(JSON.stringify(seen))).toEqual([]);
      } finally {
        await harness.dispose();
      }
    },
    60_000,
  );

  test.skipIf(skipReason !== undefined)(
    "a short command sends no progress",
    async () => {
      const harness = await harnessOn(sandbox, [{ name: "shell", args: { command: "true" } }]);
      try {
        const { seen } = await runWithArrivals(harness);
        expect(seen.map(({ event }) => event.type)).toContain("tool.finished");
        expect(seen.map(({ event }) => event.type)).not.toContain("tool.progress");
      } finally {
        await harness.dispose();
      }
    },
    60_000,
  );

  test.skipIf(skipReason !== undefined)(
    "a background command's output: its latest lines, then the new ones after the cursor, redacted, until it exited; a stopped machine is not woken",
    async () => {
      const command = `for i in 1 2 3 4; do echo "tick $i $API_TOKEN"; sleep 1; done`;
      const harness = await harnessOn(sandbox, [
        { name: "shell", args: { command, background: true } },
        { name: "shell", args: { command: "echo foreground" } },
      ]);
      try {
        const { runId } = await runWithArrivals(harness);
        const [background, foreground] = await harness.store.toolCalls.list(runId);
        if (background === undefined || foreground === undefined) throw new Error("two calls expected");
        const get = await outputApi(harness);
        const url = (callId: string, cursor?: string) =>
          `/api/runs/${runId}/tool-calls/${callId}/output${cursor === undefined ? "" : `?cursor=${cursor}`}`;

        const first = await get(url(background.id));
        expect(first.status).toBe(200);
        expect(first.body).toMatchObject({ state: "running" });
        const lines = [...first.body.lines];
        let cursor = first.body.next_cursor;
        let state = first.body.state;
        const deadline = Date.now() + 15_000;
        while (state === "running" && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 300));
          const next = await get(url(background.id, cursor));
          expect(next.status).toBe(200);
          lines.push(...next.body.lines);
          cursor = next.body.next_cursor;
          state = next.body.state;
        }
        expect(state).toBe("exited");
        expect(lines).toEqual([1, 2, 3, 4].map((tick) => `tick ${tick} [redacted]`));
        expect(leakedPieces(JSON.stringify(lines))).toEqual([]);

        // Read again from the start of nothing new: no line twice.
        const again = await get(url(background.id, cursor));
        expect(again.body).toMatchObject({ lines: [], state: "exited" });
        const refused = await get(url(foreground.id));
        expect(refused.status).toBe(404);
        expect(refused.body).toMatchObject({ error: { code: "tool_call.not_found" } });
        const badCursor = await get(url(background.id, "later"));
        expect(badCursor.status).toBe(400);
        expect(badCursor.body).toMatchObject({ error: { code: "request.invalid" } });

        // A stopped machine ended its commands: nothing is read, and it is not woken to read it.
        const machine = await harness.machines.forAgent(harness.agent);
        await machine.stop();
        const stopped = await get(url(background.id, cursor));
        expect(stopped.body).toEqual({ lines: [], next_cursor: cursor, state: "ended" });
        expect(machine.isRunning()).toBe(false);
      } finally {
        await harness.dispose();
      }
    },
    60_000,
  );
});

async function outputApi(harness: RunHarness) {
  const get = await harnessApi(harness, {
    shellOutput: storeBackgroundOutput(harness.store, harness.machines),
  });
  return async (url: string) => {
    const { status, body } = await get(url);
    return { status, body: body as BackgroundOutputView & { error?: { code: string } } };
  };
}
