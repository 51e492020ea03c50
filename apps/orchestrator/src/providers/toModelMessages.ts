import type { AssistantModelMessage, ModelMessage, ToolModelMessage } from "ai";
import type { ConversationMessage, ModelToolCall } from "./modelProvider.ts";

/**
 * Our conversation as the AI SDK's messages. Consecutive tool results become one tool message, and
 * an assistant turn with neither text nor calls is left out (Anthropic refuses empty content).
 */
export function toModelMessages(messages: readonly ConversationMessage[]): ModelMessage[] {
  const result: ModelMessage[] = [];
  for (const message of messages) {
    if (message.role === "operator") {
      result.push({ role: "user", content: message.text });
    } else if (message.role === "assistant") {
      const content: AssistantModelMessage["content"] = [];
      if (message.text !== "") content.push({ type: "text", text: message.text });
      for (const call of message.toolCalls) {
        content.push({ type: "tool-call", toolCallId: call.id, toolName: call.name, input: toolInput(call) });
      }
      if (content.length > 0) result.push({ role: "assistant", content });
    } else {
      const part: ToolModelMessage["content"][number] = {
        type: "tool-result",
        toolCallId: message.id,
        toolName: message.name,
        output: { type: "text", value: message.text },
      };
      const previous = result.at(-1);
      if (previous?.role === "tool") previous.content.push(part);
      else result.push({ role: "tool", content: [part] });
    }
  }
  return result;
}

/**
 * The arguments replayed to the server. Anthropic requires an object here, so arguments that were
 * not a JSON object are replayed as {}; the tool result that answered them already quotes what
 * the model sent and why it was refused.
 */
function toolInput(call: ModelToolCall): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(call.args);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Invalid JSON: the model's own mistake, already answered by a tool result.
  }
  return {};
}
