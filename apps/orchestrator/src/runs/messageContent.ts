import type { MessageToolCall } from "@guilds/protocol/runEvents";
import { z } from "zod";
import type { ConversationMessage } from "../providers/modelProvider.ts";
import type { Message } from "../store/messageStore.ts";

/**
 * What each role's message stores as its content (always redacted). The assistant's tool calls keep
 * the arguments as the model wrote them, as text, so the next generation replays them exactly.
 */
export const OperatorContent = z.object({ text: z.string() });
export const AssistantContent = z.object({
  text: z.string(),
  tool_calls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.string() })),
});
export const ToolResultContent = z.object({ tool_call_id: z.string(), name: z.string(), text: z.string() });

export type OperatorContent = z.infer<typeof OperatorContent>;
export type AssistantContent = z.infer<typeof AssistantContent>;
export type ToolResultContent = z.infer<typeof ToolResultContent>;

/**
 * What the model reads for a call that never got a result (the server stopped while it ran): stored
 * as its result at the restart; given at replay to a call of older data that has none.
 */
export const INTERRUPTED_CALL_RESULT =
  "This call was interrupted before it returned a result (the server stopped while it ran). Run it again if it is still needed.";

/**
 * The run's messages as a provider reads them; a row that does not parse is skipped. Every tool call
 * gets a result before the conversation goes on: providers refuse a history where one is missing.
 */
export function conversationOf(messages: readonly Message[]): ConversationMessage[] {
  const builder = conversationBuilder();
  builder.add(messages);
  return builder.conversation();
}

/** conversationOf, built message by message: a run's loop adds only the messages new since its last generation. */
export interface ConversationBuilder {
  /** The next messages of the run, in seq order. */
  add(messages: readonly Message[]): void;
  /** conversationOf every message added so far: a new array at each call. */
  conversation(): ConversationMessage[];
}

export function conversationBuilder(): ConversationBuilder {
  // Every message so far, but the results owed to the last assistant message's unanswered calls.
  const settled: ConversationMessage[] = [];
  let unanswered: { id: string; name: string }[] = [];
  const interruptedResults = (): ConversationMessage[] =>
    unanswered.map((call) => ({ role: "tool", id: call.id, name: call.name, text: INTERRUPTED_CALL_RESULT }));
  return {
    add(messages) {
      for (const message of messages) {
        if (message.role !== "tool" && unanswered.length > 0) {
          for (const result of interruptedResults()) settled.push(result);
          unanswered = [];
        }
        const parsed = contentOf(message);
        if (parsed === null) continue;
        if (parsed.role === "operator") {
          settled.push({ role: "operator", text: parsed.content.text });
        } else if (parsed.role === "assistant") {
          const { content } = parsed;
          settled.push({
            role: "assistant",
            text: content.text,
            toolCalls: content.tool_calls.map((call) => ({
              id: call.id,
              name: call.name,
              args: call.arguments,
            })),
          });
          unanswered = content.tool_calls.map((call) => ({ id: call.id, name: call.name }));
        } else {
          const { content } = parsed;
          settled.push({ role: "tool", id: content.tool_call_id, name: content.name, text: content.text });
          unanswered = unanswered.filter((call) => call.id !== content.tool_call_id);
        }
      }
    },
    conversation: () => (unanswered.length === 0 ? settled.slice() : settled.concat(interruptedResults())),
  };
}

type RoleContent =
  | { role: "operator"; content: OperatorContent }
  | { role: "assistant"; content: AssistantContent }
  | { role: "tool"; content: ToolResultContent };

/** The message's content by its role's schema; null when it does not parse. */
function contentOf(message: Message): RoleContent | null {
  let parsed: RoleContent | null = null;
  if (message.role === "operator") {
    const content = OperatorContent.safeParse(message.content);
    if (content.success) parsed = { role: "operator", content: content.data };
  } else if (message.role === "assistant") {
    const content = AssistantContent.safeParse(message.content);
    if (content.success) parsed = { role: "assistant", content: content.data };
  } else {
    const content = ToolResultContent.safeParse(message.content);
    if (content.success) parsed = { role: "tool", content: content.data };
  }
  return parsed;
}

/**
 * The calls of the run's last assistant message that have no result yet, in the model's order:
 * the ones conversationOf would answer with INTERRUPTED_CALL_RESULT at the end of the conversation.
 */
export function unansweredToolCalls(messages: readonly Message[]): AssistantContent["tool_calls"] {
  let unanswered: AssistantContent["tool_calls"] = [];
  for (const message of messages) {
    if (message.role === "tool") {
      const content = ToolResultContent.safeParse(message.content);
      if (content.success) unanswered = unanswered.filter((call) => call.id !== content.data.tool_call_id);
    } else {
      const content = AssistantContent.safeParse(message.content);
      unanswered = message.role === "assistant" && content.success ? content.data.tool_calls : [];
    }
  }
  return unanswered;
}

/** The tool calls as an event shows them: arguments parsed when they are JSON, else their text. */
export function eventToolCalls(content: AssistantContent): MessageToolCall[] {
  return content.tool_calls.map((call) => ({
    id: call.id,
    name: call.name,
    arguments: parsedOrText(call.arguments),
  }));
}

export function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
