import type { RunEventEnvelope } from "@guilds/protocol/runEvents";
import { afterEach, describe, expect, test } from "vitest";
import { loadConfig } from "../../src/config.ts";
import type { ConversationMessage } from "../../src/providers/modelProvider.ts";
import { parseModelScript } from "../../src/providers/modelScript.ts";
import { createScriptedProvider } from "../../src/providers/scriptedProvider.ts";
import { createRunService } from "../../src/runs/runService.ts";
import { ServerStop } from "../../src/runs/serverStop.ts";
import { createRunHarness, eventOf, eventsUntilEnded, type RunHarness } from "./runFixture.ts";

let harness: RunHarness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

/** The harness's scripted model, recording the conversation each generation was given. */
async function recordingHarness(script: Parameters<typeof createRunHarness>[0]["script"]) {
  const received: ConversationMessage[][] = [];
  harness = await createRunHarness({
    script,
    wrapProvider: (provider) => ({
      ...provider,
      async *generate(input) {
        received.push([...input.messages]);
        yield* provider.generate(input);
      },
    }),
  });
  return { harness, received };
}

const typeOf = (event: RunEventEnvelope) => event.data.type;
const indexOf = (events: RunEventEnvelope[], matches: (event: RunEventEnvelope) => boolean) => {
  const index = events.findIndex(matches);
  expect(index, "the event is in the run's events").toBeGreaterThanOrEqual(0);
  return index;
};

describe("a message sent while the run works", () => {
  test("is queued during a slow command, then delivered after its result, before the next model call", async () => {
    const { harness, received } = await recordingHarness({
      steps: [
        { type: "reply", text: "Sleeping.", tool_calls: [{ name: "shell", args: { command: "sleep 1" } }] },
      ],
      final_text: "Done.",
    });
    const { runId } = await harness.service.start({ agentId: harness.agent.id, message: "Sleep." });
    const ended = eventsUntilEnded(harness.events, runId);
    await eventOf(harness.events, { runId }, (event) => typeOf(event) === "tool.started");

    await harness.service.send(runId, "Then say hello.");
    expect((await harness.store.runs.get(runId)).status).toBe("running");
    expect((await harness.store.queuedMessages.list(runId)).map((queued) => queued.text)).toEqual([
      "Then say hello.",
    ]);
    const events = await ended;

    expect((await harness.store.runs.get(runId)).status).toBe("completed");
    const queued = events.find((event) => event.data.type === "message.queued")?.data;
    expect(queued).toMatchObject({ type: "message.queued", run_id: runId, text: "Then say hello." });
    const queuedId = queued?.type === "message.queued" ? queued.queued_id : "";
    const delivered = indexOf(events, (event) => event.data.type === "message.delivered");
    expect(events[delivered]?.data).toEqual({
      type: "message.delivered",
      run_id: runId,
      queued_id: queuedId,
      seq: 4,
    });
    expect(events[delivered - 1]?.data).toEqual({
      type: "message.created",
      run_id: runId,
      seq: 4,
      role: "operator",
      text: "Then say hello.",
    });
    // After the command's result, before the second generation.
    expect(delivered).toBeGreaterThan(indexOf(events, (event) => typeOf(event) === "tool.finished"));
    expect(typeOf(events[delivered + 1] as RunEventEnvelope)).toBe("generation.started");
    expect(events.filter((event) => typeOf(event) === "run.ended")).toHaveLength(1);

    // The model's second generation read it, as the operator's message after the command's result.
    expect(received[0]?.map((message) => message.role)).toEqual(["operator"]);
    expect(received[1]?.map((message) => message.role)).toEqual([
      "operator",
      "assistant",
      "tool",
      "operator",
    ]);
    expect(received[1]?.at(-1)).toEqual({ role: "operator", text: "Then say hello." });
    expect(await harness.store.queuedMessages.list(runId)).toEqual([]);
  });

  test("the model stops while a message waits: the message continues the run", async () => {
    const { harness, received } = await recordingHarness({
      steps: [{ type: "reply", text: "Thinking it over.", tool_calls: [], delay_ms: 1000 }],
      final_text: "Unused.",
    });
    const { runId } = await harness.service.start({ agentId: harness.agent.id, message: "Think." });
    const ended = eventsUntilEnded(harness.events, runId);
    await eventOf(harness.events, { runId }, (event) => typeOf(event) === "generation.started");

    await harness.service.send(runId, "One more thing.");
    const events = await ended;

    expect((await harness.store.runs.get(runId)).status).toBe("completed");
    expect(events.filter((event) => typeOf(event) === "run.started")).toHaveLength(1);
    expect(events.map(typeOf).filter((type) => type.startsWith("generation."))).toEqual([
      "generation.started",
      "generation.ended",
      "generation.started",
      "generation.ended",
    ]);
    expect(received).toHaveLength(2);
    expect(received[1]?.at(-1)).toEqual({ role: "operator", text: "One more thing." });
  });

  test("a message sent as the model stops is not lost: the run goes on to read it", async () => {
    const { harness, received } = await recordingHarness({ steps: [], final_text: "Nothing to do." });
    const { runId } = await harness.service.start({ agentId: harness.agent.id, message: "Anything?" });
    // Sent once the model's last answer is stored: around the loop's last look at the queue.
    await eventOf(harness.events, { runId }, (event) => typeOf(event) === "generation.ended");
    await harness.service.send(runId, "One more.");
    await expect
      .poll(async () => (await harness.store.messages.list(runId)).map((message) => message.role), {
        timeout: 30_000,
      })
      .toEqual(["operator", "assistant", "operator", "assistant"]);
    await expect.poll(async () => (await harness.store.runs.get(runId)).status).toBe("completed");
    expect(received.at(-1)?.at(-1)).toEqual({ role: "operator", text: "One more." });
    expect(await harness.store.queuedMessages.list(runId)).toEqual([]);
  });

  test("secrets in a queued message are redacted where it is stored, sent and read", async () => {
    const secret = "s3cr3t-steer-5531";
    const { harness, received } = await recordingHarness({
      steps: [{ type: "reply", tool_calls: [{ name: "shell", args: { command: "sleep 1" } }] }],
    });
    await harness.store.secrets.set(
      { scope: "agent", agentId: harness.agent.id },
      { name: "API_TOKEN", value: secret },
    );
    const { runId } = await harness.service.start({ agentId: harness.agent.id, message: "Sleep." });
    const ended = eventsUntilEnded(harness.events, runId);
    await eventOf(harness.events, { runId }, (event) => typeOf(event) === "tool.started");
    await harness.service.send(runId, `use ${secret}`);
    const events = await ended;

    expect(JSON.stringify(events)).not.toContain(secret);
    expect(JSON.stringify(received)).not.toContain(secret);
    expect(JSON.stringify(await harness.store.messages.list(runId))).not.toContain(secret);
    expect(received[1]?.at(-1)).toEqual({ role: "operator", text: "use [redacted]" });
  });
});

describe("a run that ends with messages still queued", () => {
  test("cancelled: they stay queued, and the next message delivers them first, in order", async () => {
    const { harness, received } = await recordingHarness({
      steps: [{ type: "wait_for_cancel", text: "Working." }],
    });
    const { runId } = await harness.service.start({ agentId: harness.agent.id, message: "Work." });
    await eventOf(harness.events, { runId }, (event) => typeOf(event) === "generation.started");
    await harness.service.send(runId, "First.");
    await harness.service.send(runId, "Second.");
    await harness.service.cancel(runId);

    expect((await harness.store.runs.get(runId)).status).toBe("cancelled");
    expect((await harness.store.queuedMessages.list(runId)).map((queued) => queued.text)).toEqual([
      "First.",
      "Second.",
    ]);

    await harness.service.send(runId, "Third.");
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
    await harness.service.cancel(runId);
    const operatorTexts = received[1]?.flatMap((message) =>
      message.role === "operator" ? [message.text] : [],
    );
    expect(operatorTexts).toEqual(["Work.", "First.", "Second.", "Third."]);
    expect(await harness.store.queuedMessages.list(runId)).toEqual([]);
  });

  test("failed: the model's error keeps them queued, and the next message delivers them first", async () => {
    const { harness, received } = await recordingHarness({
      steps: [
        { type: "error", code: "provider.rate_limited", message: "Scripted rate limit.", delay_ms: 1000 },
      ],
    });
    const { runId } = await harness.service.start({ agentId: harness.agent.id, message: "Work." });
    const ended = eventsUntilEnded(harness.events, runId);
    await eventOf(harness.events, { runId }, (event) => typeOf(event) === "generation.started");
    await harness.service.send(runId, "While it thinks.");
    await ended;

    expect(await harness.store.runs.get(runId)).toMatchObject({ status: "failed" });
    expect((await harness.store.queuedMessages.list(runId)).map((queued) => queued.text)).toEqual([
      "While it thinks.",
    ]);
    await harness.service.send(runId, "Try again.");
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
    const operatorTexts = received[1]?.flatMap((message) =>
      message.role === "operator" ? [message.text] : [],
    );
    expect(operatorTexts).toEqual(["Work.", "While it thinks.", "Try again."]);
  });

  test("the server stops: the run ends interrupted with the message queued; after the restart, continuing delivers it", async () => {
    const { harness, received } = await recordingHarness({
      steps: [{ type: "wait_for_cancel", text: "Working." }],
    });
    const { runId } = await harness.service.start({ agentId: harness.agent.id, message: "Work." });
    await eventOf(harness.events, { runId }, (event) => typeOf(event) === "generation.started");
    await harness.service.send(runId, "Before the restart.");
    await harness.service.close(new ServerStop());
    expect((await harness.store.runs.get(runId)).status).toBe("interrupted");

    const restarted = createRunService({
      store: harness.store,
      config: loadConfig({ GUILDS_HOME: harness.home }),
      events: harness.events,
      machines: harness.machines,
      providerFor: () => {
        const answering = createScriptedProvider(parseModelScript({ steps: [], final_text: "Read it." }));
        return {
          ...answering,
          async *generate(input) {
            received.push([...input.messages]);
            yield* answering.generate(input);
          },
        };
      },
    });
    try {
      await restarted.recoverInterrupted("the server restarted");
      expect((await harness.store.queuedMessages.list(runId)).map((queued) => queued.text)).toEqual([
        "Before the restart.",
      ]);
      const ended = eventsUntilEnded(
        harness.events,
        runId,
        (await harness.store.events.listForRun(runId)).at(-1)?.id,
      );
      await restarted.send(runId, "Go on.");
      await ended;
      expect(
        received.at(-1)?.flatMap((message) => (message.role === "operator" ? [message.text] : [])),
      ).toEqual(["Work.", "Before the restart.", "Go on."]);
      expect((await harness.store.runs.get(runId)).status).toBe("completed");
    } finally {
      await restarted.close();
    }
  });
});
