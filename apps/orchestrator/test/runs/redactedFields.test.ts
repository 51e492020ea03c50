import { afterEach, describe, expect, test } from "vitest";
import type { ModelProvider } from "../../src/providers/modelProvider.ts";
import { leakedPieces, SECRET } from "../support/secretPieces.ts";
import { createRunHarness, type RunHarness, runToEnd } from "./runFixture.ts";

let harness: RunHarness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

type ScriptedCall = { name: string; args: Record<string, unknown> | string };

async function runScripted(
  toolCalls: ScriptedCall[],
  message = "Go.",
  wrapProvider?: (provider: ModelProvider) => ModelProvider,
) {
  harness = await createRunHarness({
    script: { steps: [{ type: "reply", tool_calls: toolCalls }] },
    ...(wrapProvider === undefined ? {} : { wrapProvider }),
  });
  await harness.store.secrets.set(
    { scope: "agent", agentId: harness.agent.id },
    { name: "API_TOKEN", value: SECRET },
  );
  const { runId, events } = await runToEnd(harness, message);
  const stored = JSON.stringify({
    messages: await harness.store.messages.list(runId),
    toolCalls: await harness.store.toolCalls.list(runId),
    events: await harness.store.events.listForRun(runId),
  });
  return { events, stored };
}

describe("fields the model or the operator writes go through the redactor", () => {
  test("a tool call whose name is a secret: tool.started, tool.finished, the answer's tool_calls, the row", async () => {
    const { events, stored } = await runScripted([{ name: SECRET, args: { command: "true" } }]);
    const started = events.flatMap((event) => (event.data.type === "tool.started" ? [event.data] : []));
    expect(started.map((call) => call.name)).toEqual(["[redacted]"]);
    expect(leakedPieces(JSON.stringify(events))).toEqual([]);
    expect(leakedPieces(stored)).toEqual([]);
  });

  test("a tool call whose id holds a secret (a model names its calls)", async () => {
    const secretIds = (provider: ModelProvider): ModelProvider => ({
      ...provider,
      async *generate(input) {
        for await (const event of provider.generate(input)) {
          yield event.type === "tool-call" ? { ...event, id: `call-${SECRET}` } : event;
        }
      },
    });
    const { events, stored } = await runScripted(
      [{ name: "shell", args: { command: "true" } }],
      "Go.",
      secretIds,
    );
    expect(stored).toContain("call-[redacted]");
    expect(leakedPieces(JSON.stringify(events))).toEqual([]);
    expect(leakedPieces(stored)).toEqual([]);
  });

  test("arguments that are not JSON: the parser's error quotes no start of the secret", async () => {
    const { events, stored } = await runScripted([{ name: "shell", args: `{"command": ${SECRET}}` }]);
    expect(stored).toContain("not valid JSON");
    expect(leakedPieces(JSON.stringify(events))).toEqual([]);
    expect(leakedPieces(stored)).toEqual([]);
  });

  test("an operator's message pasting a secret is stored and streamed redacted", async () => {
    const { events, stored } = await runScripted(
      [{ name: "shell", args: { command: "true" } }],
      `Deploy with ${SECRET}, please.`,
    );
    const operator = events.find(
      (event) => event.data.type === "message.created" && event.data.role === "operator",
    );
    expect(JSON.stringify(operator?.data)).toContain("Deploy with [redacted], please.");
    expect(leakedPieces(JSON.stringify(events))).toEqual([]);
    expect(leakedPieces(stored)).toEqual([]);
  });
});
