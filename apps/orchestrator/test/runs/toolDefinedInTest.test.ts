// Adding a tool touches its own folder, its contract and one line of registration: here all three
// live in this file, and the real engine (run service, generation loop, tool call step, pipeline,
// store, events) runs it like any registered tool, with no machine of its own.
import { defineToolContract } from "@guilds/protocol/tools/toolContract";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { OFFERED_TOOLS } from "../../src/tools/registry.ts";
import { defineTool, type ModelToolSchema, modelToolSchema } from "../../src/tools/tool.ts";
import { createRunHarness, finishedTools, type RunHarness, runToEnd } from "./runFixture.ts";

/** The contract: what the protocol would hold for it (packages/protocol/src/tools/<tool>.ts). */
const echoContract = defineToolContract({
  name: "echo",
  args: z.strictObject({ text: z.string().min(1), times: z.number().int().min(1).max(3).default(1) }),
  meta: z.strictObject({ echoed_chars: z.number().int(), times: z.number().int() }),
  readOnly: () => true,
  repeatable: () => true,
  deadlineMs: (_args, deadlines) => deadlines.opMs,
});

/** The definition: what its folder would hold (apps/orchestrator/src/tools/<tool>/). */
const echoTool = defineTool({
  contract: echoContract,
  description: {
    text: "Says the text again, a few times.",
    args: { text: "what to say", times: "how many times, 1 to 3" },
  },
  async execute(args, context) {
    const text = Array.from({ length: args.times }, () => args.text).join(" ");
    return {
      ok: true,
      text: `${text} (call ${context.callId})`,
      meta: { echoed_chars: args.text.length * args.times, times: args.times },
    };
  },
});

let harness: RunHarness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

describe("a tool defined only in a test", () => {
  test("runs through the real engine: offered to the model, called, stored and published as its own", async () => {
    const offered: ModelToolSchema[][] = [];
    harness = await createRunHarness({
      script: {
        steps: [{ type: "reply", tool_calls: [{ name: "echo", args: { text: "hello", times: 2 } }] }],
        final_text: "Echoed.",
      },
      // The one line of registration.
      tools: [...OFFERED_TOOLS, echoTool],
      wrapProvider: (provider) => ({
        ...provider,
        async *generate(input) {
          offered.push([...input.tools]);
          yield* provider.generate(input);
        },
      }),
    });
    const { runId, run, events } = await runToEnd(harness, "Say hello twice.");
    expect(run.status).toBe("completed");

    // The model is offered its schema, after the registered tools.
    expect(offered[0]?.map((tool) => tool.name)).toEqual([
      "code_task",
      "shell",
      "shell_status",
      "file_read",
      "code_search",
      "echo",
    ]);
    expect(offered[0]?.at(-1)).toEqual(modelToolSchema(echoTool));
    expect(offered[0]?.at(-1)?.input_schema.properties).toEqual({
      text: { description: "what to say", type: "string", minLength: 1 },
      times: { description: "how many times, 1 to 3", type: "integer", minimum: 1, maximum: 3, default: 1 },
    });

    // Its row: the result the engine recorded, after the platform pipeline's trailer, and its metadata.
    const [row] = await harness.store.toolCalls.list(runId);
    expect(row?.tool).toBe("echo");
    expect(row?.status).toBe("completed");
    expect(row?.result).toBe(`hello hello (call ${row?.id})\n\nremaining_tool_calls: 99`);
    expect(echoContract.meta.parse(row?.metadata)).toEqual({ echoed_chars: 10, times: 2 });

    // Its events: tool.started with the arguments the model sent, tool.finished with the stored result.
    const started = events.flatMap((event) => (event.data.type === "tool.started" ? [event.data] : []));
    expect(started).toEqual([
      {
        type: "tool.started",
        run_id: runId,
        tool_call_id: row?.id,
        call_id: row?.callId,
        name: "echo",
        arguments: { text: "hello", times: 2 },
      },
    ]);
    const finished = finishedTools(events);
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({
      tool_call_id: row?.id,
      name: "echo",
      status: "completed",
      result: row?.result,
      metadata: row?.metadata,
    });
  });

  test("arguments its contract refuses are a result the model reads, as for any tool", async () => {
    harness = await createRunHarness({
      script: { steps: [{ type: "reply", tool_calls: [{ name: "echo", args: { text: "hi", times: 9 } }] }] },
      tools: [...OFFERED_TOOLS, echoTool],
    });
    const { events } = await runToEnd(harness, "Say hi nine times.");
    const [finished] = finishedTools(events);
    expect(finished?.status).toBe("failed");
    expect(finished?.metadata).toMatchObject({ error_code: "args.invalid" });
    expect(finished?.result).toMatch(/^Invalid arguments for echo: times /);
  });

  test("an engine given only the registry's tools knows no echo", async () => {
    harness = await createRunHarness({
      script: { steps: [{ type: "reply", tool_calls: [{ name: "echo", args: { text: "hi" } }] }] },
    });
    const { events } = await runToEnd(harness, "Say hi.");
    expect(finishedTools(events)[0]?.result).toMatch(/^There is no tool named "echo"\./);
  });
});
