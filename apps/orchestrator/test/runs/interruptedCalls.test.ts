import { afterEach, expect, test } from "vitest";
import { NOT_STARTED_INTERRUPTED } from "../../src/runs/interruptedCalls.ts";
import { conversationOf, INTERRUPTED_CALL_RESULT } from "../../src/runs/messageContent.ts";
import { createRunHarness, type RunHarness } from "./runFixture.ts";

/*
 * What a restart leaves of a run cut short in the middle of a generation's calls: the first call had
 * ended, the second was running, the third had not begun (no row yet). Recovery gives the second and
 * the third their results, stored and published, then ends the run.
 */

const REASON = "the server restarted while this was running";
let harness: RunHarness | undefined;

afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

test("each call left unanswered gets its result message, its row's result and tool.finished, before run.ended", async () => {
  harness = await createRunHarness({ script: { steps: [] }, maxToolCalls: 10 });
  const { store, service, agent } = harness;
  const run = await store.runs.create({ agentId: agent.id });
  const generation = await store.generations.start(run.id, { model: "scripted:scripted" });
  await store.messages.append(run.id, { role: "operator", content: { text: "go" } });
  const calls = [
    { id: "c1", name: "shell", arguments: '{"command":"echo one"}' },
    { id: "c2", name: "shell", arguments: '{"command":"sleep 60"}' },
    { id: "c3", name: "file_read", arguments: '{"path":"README.md"}' },
  ];
  await store.messages.append(run.id, { role: "assistant", content: { text: "", tool_calls: calls } });
  await store.generations.end(generation.id, { status: "completed" });
  const create = (callId: string, tool: string, argumentsText: string, started = true) =>
    store.toolCalls.create({
      runId: run.id,
      generationId: generation.id,
      callId,
      tool,
      argumentsText,
      started,
    });
  await store.runs.consumeToolCall(run.id, agent.maxToolCalls);
  const first = await create("c1", "shell", '{"command":"echo one"}');
  const firstResult = await store.messages.append(run.id, {
    role: "tool",
    content: { tool_call_id: "c1", name: "shell", text: "one" },
  });
  await store.toolCalls.end(first.id, { status: "completed", result: "one", resultSeq: firstResult.seq });
  await store.runs.consumeToolCall(run.id, agent.maxToolCalls);
  const second = await create("c2", "shell", '{"command":"sleep 60"}');
  const lastIdBefore = await store.events.lastId();

  await service.recoverInterrupted(REASON);

  const [, secondAfter, third] = await store.toolCalls.list(run.id);
  const trailer = "\n\nremaining_tool_calls: 8";
  expect(secondAfter).toMatchObject({
    id: second.id,
    status: "interrupted",
    error: REASON,
    result: `${INTERRUPTED_CALL_RESULT}${trailer}`,
    resultSeq: 4,
  });
  expect(secondAfter?.endedAt).not.toBeNull();
  expect(third).toMatchObject({
    callId: "c3",
    tool: "file_read",
    argumentsText: '{"path":"README.md"}',
    generationId: generation.id,
    status: "interrupted",
    error: REASON,
    result: `${NOT_STARTED_INTERRUPTED}${trailer}`,
    resultSeq: 5,
  });

  const messages = await store.messages.list(run.id);
  expect(messages.slice(3).map((message) => message.content)).toEqual([
    { tool_call_id: "c2", name: "shell", text: `${INTERRUPTED_CALL_RESULT}${trailer}` },
    { tool_call_id: "c3", name: "file_read", text: `${NOT_STARTED_INTERRUPTED}${trailer}` },
  ]);
  // The conversation replays each call's stored result once, and nothing more.
  expect(conversationOf(messages).filter((message) => message.role === "tool")).toEqual([
    { role: "tool", id: "c1", name: "shell", text: "one" },
    { role: "tool", id: "c2", name: "shell", text: `${INTERRUPTED_CALL_RESULT}${trailer}` },
    { role: "tool", id: "c3", name: "file_read", text: `${NOT_STARTED_INTERRUPTED}${trailer}` },
  ]);

  const published = (await store.events.listForRun(run.id, lastIdBefore)).map((event) => event.payload);
  expect(published).toEqual([
    {
      type: "message.created",
      run_id: run.id,
      seq: 4,
      role: "tool",
      text: `${INTERRUPTED_CALL_RESULT}${trailer}`,
      tool_call_id: second.id,
    },
    {
      type: "tool.finished",
      run_id: run.id,
      tool_call_id: second.id,
      name: "shell",
      status: "interrupted",
      result: `${INTERRUPTED_CALL_RESULT}${trailer}`,
      metadata: {},
      seq: 4,
    },
    {
      type: "message.created",
      run_id: run.id,
      seq: 5,
      role: "tool",
      text: `${NOT_STARTED_INTERRUPTED}${trailer}`,
      tool_call_id: third?.id,
    },
    {
      type: "tool.finished",
      run_id: run.id,
      tool_call_id: third?.id,
      name: "file_read",
      status: "interrupted",
      result: `${NOT_STARTED_INTERRUPTED}${trailer}`,
      metadata: {},
      seq: 5,
    },
    { type: "run.ended", run_id: run.id, status: "interrupted", reason: REASON },
  ]);

  // A second start finds nothing left to answer.
  await service.recoverInterrupted(REASON);
  expect(await store.messages.list(run.id)).toHaveLength(5);
});

test("a run interrupted with no call in flight gets run.ended only", async () => {
  harness = await createRunHarness({ script: { steps: [] } });
  const { store, service, agent } = harness;
  const run = await store.runs.create({ agentId: agent.id });
  await store.messages.append(run.id, { role: "operator", content: { text: "go" } });
  const lastIdBefore = await store.events.lastId();

  await service.recoverInterrupted(REASON);

  expect(await store.messages.list(run.id)).toHaveLength(1);
  expect((await store.events.listForRun(run.id, lastIdBefore)).map((event) => event.type)).toEqual([
    "run.ended",
  ]);
});
