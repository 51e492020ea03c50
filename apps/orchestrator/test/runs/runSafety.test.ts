import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import { afterEach, describe, expect, test } from "vitest";
import { NOT_STARTED_CANCELLED } from "../../src/runs/toolCallStep.ts";
import {
  createRunHarness,
  eventOf,
  eventsUntilEnded,
  finishedTools,
  type RunHarness,
  runToEnd,
} from "./runFixture.ts";

let harness: RunHarness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

const SECRET = "s3cr3t-value-8472";

describe("redaction", () => {
  test("a secret printed by a command is redacted in the result, the stored record and the event", async () => {
    harness = await createRunHarness({
      script: {
        steps: [
          {
            type: "reply",
            text: `I will not say ${SECRET}.`,
            tool_calls: [
              { name: "shell", args: { command: 'echo "token=$API_TOKEN"' } },
              { name: "shell", args: { command: `echo ${SECRET} | wc -c` } },
            ],
          },
        ],
      },
    });
    await harness.store.secrets.set(
      { scope: "agent", agentId: harness.agent.id },
      { name: "API_TOKEN", value: SECRET },
    );
    const { runId, events } = await runToEnd(harness, "Print it.");
    const finished = finishedTools(events);
    expect(finished[0]?.result).toBe("token=[redacted]\n\nremaining_tool_calls: 99");
    expect(JSON.stringify(events)).not.toContain(SECRET);
    const started = events.find(
      (event) => event.type === "tool.started" && JSON.stringify(event.data).includes("wc -c"),
    );
    expect(JSON.stringify(started?.data)).toContain("[redacted]");

    const stored = JSON.stringify({
      messages: await harness.store.messages.list(runId),
      toolCalls: await harness.store.toolCalls.list(runId),
      events: await harness.store.events.listForRun(runId),
    });
    expect(stored).toContain("token=[redacted]");
    expect(stored).not.toContain(SECRET);
  });
});

describe("file_read de-duplication", () => {
  test("a second read of unchanged lines points to the first; after a change the file is read again", async () => {
    harness = await createRunHarness({
      script: {
        steps: [
          {
            type: "reply",
            tool_calls: [{ name: "shell", args: { command: "printf 'one\\ntwo\\nthree\\n' > f.txt" } }],
          },
          { type: "reply", tool_calls: [{ name: "file_read", args: { path: "f.txt" } }] },
          { type: "reply", tool_calls: [{ name: "file_read", args: { path: "f.txt" } }] },
          { type: "reply", tool_calls: [{ name: "shell", args: { command: "echo four >> f.txt" } }] },
          { type: "reply", tool_calls: [{ name: "file_read", args: { path: "f.txt" } }] },
        ],
      },
    });
    const { runId, events } = await runToEnd(harness, "Read it twice.");
    const [, first, second, , third] = finishedTools(events);
    expect(first?.seq).toBe(5);
    expect(first?.result).toContain("three");
    expect(second?.result).toBe(
      "f.txt lines 1\u20133: unchanged since step 5; read that result.\n\nremaining_tool_calls: 97",
    );
    expect(second?.repeat_of).toBe(5);
    expect(second?.metadata).toMatchObject({ repeat_of: 5 });
    expect(third?.repeat_of).toBeUndefined();
    expect(third?.result).toContain("four");

    const reads = (await harness.store.toolCalls.list(runId)).filter((row) => row.tool === "file_read");
    expect(reads.map((row) => row.repeatOf)).toEqual([null, 5, null]);
  });
});

describe("cancel", () => {
  test("cancel during a sleep 30 shell stops it promptly and ends the run cancelled; the next call never starts", async () => {
    harness = await createRunHarness({
      script: {
        steps: [
          {
            type: "reply",
            tool_calls: [
              { name: "shell", args: { command: "echo awake" } },
              { name: "shell", args: { command: "sleep 30" } },
              { name: "shell", args: { command: "touch marker" } },
            ],
          },
        ],
      },
    });
    const { runId } = await harness.service.start({ agentId: harness.agent.id, message: "Wait." });
    const ended = eventsUntilEnded(harness.events, runId);
    // The machine is awake after the first call: the sleep is running once the second has started.
    await eventOf(harness.events, { runId }, (event) =>
      event.data.type === "tool.started" ? JSON.stringify(event.data.arguments).includes("sleep 30") : false,
    );
    await setTimeout(500);
    const cancelledAt = Date.now();
    await harness.service.cancel(runId);
    expect(Date.now() - cancelledAt).toBeLessThan(10_000);

    const events = await ended;
    expect(events.at(-1)?.data).toMatchObject({ type: "run.ended", status: "cancelled" });
    expect((await harness.store.runs.get(runId)).status).toBe("cancelled");
    const [, sleeper, never] = await harness.store.toolCalls.list(runId);
    expect(sleeper?.status).toBe("cancelled");
    expect(sleeper?.result).toContain("[cancelled; the command was stopped]");
    expect(never?.status).toBe("cancelled");
    expect(never?.startedAt).toBeNull();
    expect(never?.result).toBe(`${NOT_STARTED_CANCELLED}\n\nremaining_tool_calls: 98`);
    expect(existsSync(path.join(harness.agentHome, "marker"))).toBe(false);
  });

  test("a generation cancelled before its tools start never starts them", async () => {
    harness = await createRunHarness({
      script: {
        steps: [
          {
            type: "reply",
            delay_ms: 30_000,
            tool_calls: [{ name: "shell", args: { command: "touch marker" } }],
          },
        ],
      },
    });
    const { runId } = await harness.service.start({ agentId: harness.agent.id, message: "Wait." });
    await eventOf(harness.events, { runId }, (event) => event.type === "generation.started");
    await harness.service.cancel(runId);
    const run = await harness.store.runs.get(runId);
    expect(run.status).toBe("cancelled");
    expect(await harness.store.toolCalls.list(runId)).toEqual([]);
    const generations = await harness.store.generations.list(runId);
    expect(generations.map((generation) => generation.status)).toEqual(["cancelled"]);
    expect(existsSync(path.join(harness.agentHome, "marker"))).toBe(false);
  });
});

describe("continuing a run", () => {
  test("an operator message reopens an ended run and runs a new loop on the same conversation", async () => {
    harness = await createRunHarness({
      script: { steps: [{ type: "reply", tool_calls: [{ name: "shell", args: { command: "echo hi" } }] }] },
    });
    const { runId, events } = await runToEnd(harness, "First.");
    const lastId = events.at(-1)?.id ?? 0;
    const again = eventsUntilEnded(harness.events, runId, lastId);
    await harness.service.send(runId, "Again.");
    const more = await again;
    expect(more[0]?.data).toMatchObject({ type: "run.started" });
    expect(finishedTools(more).map((call) => call.result)).toEqual(["hi\n\nremaining_tool_calls: 98"]);
    expect((await harness.store.runs.get(runId)).status).toBe("completed");
    const roles = (await harness.store.messages.list(runId)).map((message) => message.role);
    expect(roles).toEqual([
      "operator",
      "assistant",
      "tool",
      "assistant",
      "operator",
      "assistant",
      "tool",
      "assistant",
    ]);
  });
});

describe("recoverInterrupted", () => {
  test("marks in-flight runs and tool calls interrupted with the reason and publishes run.ended", async () => {
    harness = await createRunHarness({ script: { steps: [] } });
    const { store } = harness;
    const run = await store.runs.create({ agentId: harness.agent.id });
    const call = await store.toolCalls.create({
      runId: run.id,
      generationId: null,
      callId: "call_1",
      tool: "shell",
      argumentsText: '{"command":"sleep 100"}',
      started: true,
    });
    const leftover = path.join(harness.home, "machines", harness.agent.id, "run", "leftover.json");
    mkdirSync(path.dirname(leftover), { recursive: true });
    writeFileSync(leftover, "{}");
    const ended = eventsUntilEnded(harness.events, run.id);
    await harness.service.recoverInterrupted("the server restarted");
    expect(existsSync(leftover)).toBe(false);
    expect((await harness.machines.forAgent(harness.agent)).isRunning()).toBe(false);
    expect((await ended).at(-1)?.data).toEqual({
      type: "run.ended",
      run_id: run.id,
      status: "interrupted",
      reason: "the server restarted",
    });
    expect(await store.runs.get(run.id)).toMatchObject({
      status: "interrupted",
      statusReason: "the server restarted",
    });
    expect(await store.toolCalls.get(call.id)).toMatchObject({
      status: "interrupted",
      error: "the server restarted",
    });
  });
});
