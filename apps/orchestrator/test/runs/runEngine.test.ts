import { afterEach, describe, expect, test } from "vitest";
import { createRunHarness, finishedTools, type RunHarness, runToEnd } from "./runFixture.ts";

let harness: RunHarness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

describe("a scripted run", () => {
  test("uses the four code tools end to end: events in order, messages with seqs, rows with results", async () => {
    harness = await createRunHarness({
      script: {
        steps: [
          {
            type: "reply",
            text: "Writing a file.",
            tool_calls: [
              {
                name: "shell",
                args: { command: "printf 'alpha\\nbeta\\ngamma\\n' > notes.txt && echo made" },
              },
            ],
          },
          { type: "reply", tool_calls: [{ name: "file_read", args: { path: "notes.txt" } }] },
          {
            type: "reply",
            tool_calls: [{ name: "code_search", args: { pattern: "beta", mode: "content" } }],
          },
          { type: "reply", tool_calls: [{ name: "shell_status", args: {} }] },
        ],
        final_text: "All done.",
      },
    });
    const { runId, run, events } = await runToEnd(harness, "Look around.");
    expect(run.status).toBe("completed");
    expect(run.title).toBe("Look around.");

    const types = events.map((event) => event.type);
    expect(types[0]).toBe("run.started");
    expect(types.at(-1)).toBe("run.ended");
    const ids = events.map((event) => event.id ?? 0);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(types.filter((type) => type === "tool.started")).toHaveLength(4);
    // Every stored event of the run, in order and with no gap, though a generation's come in three
    // transactions: its start, its answer with its call's start, the call's result.
    const stored = events.filter((event) => event.id !== null);
    const call = ["generation.started", "message.created", "generation.ended", "tool.started"];
    const result = ["message.created", "tool.finished"];
    expect(stored.map((event) => event.type)).toEqual([
      "run.started",
      "message.created",
      ...Array.from({ length: 4 }, () => [...call, ...result]).flat(),
      "generation.started",
      "message.created",
      "generation.ended",
      "run.ended",
    ]);
    const firstId = stored[0]?.id ?? 0;
    expect(stored.map((event) => event.id)).toEqual(stored.map((_, index) => firstId + index));
    const firstTool = types.indexOf("tool.started");
    expect(types.slice(firstTool, firstTool + 3)).toEqual([
      "tool.started",
      "message.created",
      "tool.finished",
    ]);

    const finished = finishedTools(events);
    expect(finished.map((call) => call.name)).toEqual(["shell", "file_read", "code_search", "shell_status"]);
    expect(finished.map((call) => call.status)).toEqual(["completed", "completed", "completed", "completed"]);
    expect(finished[0]?.result).toContain("made");
    expect(finished[1]?.result).toContain("beta");
    expect(finished[1]?.metadata).toMatchObject({ path: "notes.txt", range: [1, 3], lines: 3 });
    expect(finished[2]?.result).toContain("notes.txt:2:");
    expect(finished[2]?.metadata).toMatchObject({ matches: 1, files: 1 });

    const messages = await harness.store.messages.list(runId);
    expect(messages.map((message) => message.seq)).toEqual(messages.map((_, index) => index + 1));
    expect(messages.map((message) => message.role)).toEqual([
      "operator",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(finished.map((call) => call.seq)).toEqual([3, 5, 7, 9]);

    const rows = await harness.store.toolCalls.list(runId);
    expect(rows.map((row) => [row.tool, row.status, row.resultSeq])).toEqual([
      ["shell", "completed", 3],
      ["file_read", "completed", 5],
      ["code_search", "completed", 7],
      ["shell_status", "completed", 9],
    ]);
    expect(rows[0]?.metadata).toMatchObject({ exit_code: 0, timed_out: false });
    expect(rows[1]?.result).toBe(finished[1]?.result);
    for (const row of rows) {
      expect(row.startedAt).not.toBeNull();
      expect(row.durationMs).toBeGreaterThanOrEqual(0);
    }
    const generations = await harness.store.generations.list(runId);
    expect(generations.map((generation) => generation.status)).toEqual(Array(5).fill("completed"));
  });

  test("the coding flag turned off between generations removes the tools at the next one", async () => {
    const offered: string[][] = [];
    harness = await createRunHarness({
      script: {
        steps: [
          { type: "reply", tool_calls: [{ name: "shell", args: { command: "echo one" } }] },
          { type: "reply", tool_calls: [{ name: "shell", args: { command: "echo two" } }] },
        ],
      },
      wrapProvider: (provider, store) => ({
        ...provider,
        async *generate(input) {
          offered.push(input.tools.map((tool) => tool.name));
          if (offered.length === 1 && harness !== undefined) {
            await store.agents.update(harness.agent.id, { coding: false });
          }
          yield* provider.generate(input);
        },
      }),
    });
    const { events } = await runToEnd(harness, "Go.");
    expect(offered[0]).toEqual(["code_task", "shell", "shell_status", "file_read", "code_search"]);
    expect(offered[1]).toEqual([]);
    const finished = finishedTools(events);
    expect(finished[0]?.status).toBe("completed");
    expect(finished[1]?.status).toBe("failed");
    expect(finished[1]?.result).toMatch(
      /^No tool is offered now \(the agent's code tools are off\), so shell was not run\./,
    );
    const started = events.filter((event) => event.type === "generation.started").map((event) => event.data);
    expect(started.map((data) => (data.type === "generation.started" ? data.tools.length : -1))).toEqual([
      5, 0, 0,
    ]);
  });

  test("max_tool_calls: every result ends with the remaining_tool_calls trailer, and a call past it is not run", async () => {
    harness = await createRunHarness({
      maxToolCalls: 2,
      script: {
        steps: [
          {
            type: "reply",
            tool_calls: [
              { name: "shell", args: { command: "echo one" } },
              { name: "shell", args: { command: "echo two" } },
              { name: "shell", args: { command: "echo three" } },
            ],
          },
        ],
      },
    });
    const { run, events, runId } = await runToEnd(harness, "Go.");
    const results = finishedTools(events).map((call) => call.result);
    expect(results).toEqual([
      "one\n\nremaining_tool_calls: 1",
      "two\n\nremaining_tool_calls: 0",
      "Not run: this run's max_tool_calls budget of 2 calls is spent.\n\nremaining_tool_calls: 0",
    ]);
    expect(run.status).toBe("completed");
    expect(run.statusReason).toBe("max_tool_calls (2) spent");
    expect(run.toolCallsUsed).toBe(2);
    expect((await harness.store.generations.list(runId)).length).toBe(1);
  });

  test("invalid arguments from the model become results naming what is wrong", async () => {
    harness = await createRunHarness({
      script: {
        steps: [
          {
            type: "reply",
            tool_calls: [
              { name: "file_read", args: {} },
              { name: "file_read", args: '{"path": ' },
              { name: "rm_rf", args: {} },
              { name: "shell", args: { command: "echo fine" } },
            ],
          },
        ],
      },
    });
    const { run, events } = await runToEnd(harness, "Go.");
    const finished = finishedTools(events);
    expect(finished.map((call) => call.status)).toEqual(["failed", "failed", "failed", "completed"]);
    expect(finished[0]?.result).toContain("path");
    expect(finished[0]?.metadata).toMatchObject({ error_code: "args.invalid" });
    expect(finished[1]?.result).toMatch(/^The arguments of file_read are not valid JSON/);
    expect(finished[2]?.result).toMatch(
      /^There is no tool named "rm_rf"\. The tools are: code_task, shell, shell_status, file_read, code_search\./,
    );
    expect(finished[3]?.result).toBe("fine\n\nremaining_tool_calls: 96");
    expect(run.status).toBe("completed");
  });

  test("a provider error fails the run with its message", async () => {
    harness = await createRunHarness({
      script: { steps: [{ type: "error", code: "provider.rate_limited", message: "Scripted rate limit." }] },
    });
    const { run, events } = await runToEnd(harness, "Go.");
    expect(run.status).toBe("failed");
    expect(run.statusReason).toContain("Scripted rate limit.");
    expect(events.at(-1)?.data).toMatchObject({ type: "run.ended", status: "failed" });
  });
});
