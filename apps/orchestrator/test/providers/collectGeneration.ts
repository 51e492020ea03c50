import type { GenerationEvent, ModelProvider } from "../../src/providers/modelProvider.ts";

/** Every event of one generation, in order. */
export async function collectEvents(events: AsyncIterable<GenerationEvent>): Promise<GenerationEvent[]> {
  const collected: GenerationEvent[] = [];
  for await (const event of events) collected.push(event);
  return collected;
}

/** The generation's last event, which the contract says is its only terminal one. */
export function terminalEvent(events: readonly GenerationEvent[]) {
  const last = events.at(-1);
  if (last === undefined || (last.type !== "finish" && last.type !== "error")) {
    throw new Error(`the generation did not end with finish or error: ${JSON.stringify(events)}`);
  }
  return last;
}

export function errorOf(events: readonly GenerationEvent[]) {
  const last = terminalEvent(events);
  if (last.type !== "error") throw new Error(`expected an error, got ${JSON.stringify(last)}`);
  return last.error;
}

export function textOf(events: readonly GenerationEvent[]): string {
  return events.map((event) => (event.type === "text-delta" ? event.text : "")).join("");
}

export function toolCallsOf(events: readonly GenerationEvent[]) {
  return events.flatMap((event) => (event.type === "tool-call" ? [event] : []));
}

/** A generation with nothing but one operator message, for tests that only look at the reply. */
export function generateFromText(provider: ModelProvider, text: string, abortSignal?: AbortSignal) {
  return provider.generate({
    system: "You are a test.",
    messages: [{ role: "operator", text }],
    tools: [],
    abortSignal,
  });
}
