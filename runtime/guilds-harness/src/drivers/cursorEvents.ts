import type { EventParser, TurnOutcome } from "./driver.ts";
import { eventFeed } from "./eventFeed.ts";
import { firstLine } from "./firstLine.ts";
import { arrayAt, isJsonObject, type JsonObject, numberAt, objectAt, stringAt } from "./json.ts";
import { toolLine } from "./progressLine.ts";
import { readStreamJsonStart } from "./streamJsonStart.ts";
import { toolDetail } from "./toolDetail.ts";
import { emptyOutcome, parsedEvent } from "./turnOutcome.ts";

const EVENT_TYPES = new Set(["system", "user", "assistant", "thinking", "tool_call", "result"]);

/**
 * Cursor's `agent -p --output-format stream-json` events (from its documentation; not captured here).
 * A failed run may end without a result event: the exit code and stderr tell then.
 */
export function createCursorParser(): EventParser {
  const outcome = emptyOutcome();
  return {
    feed: eventFeed({ outcome, isEvent: (type) => EVENT_TYPES.has(type) }, (event, type) => {
      const { sessionId, progress } = readStreamJsonStart(event, type, outcome, "cursor");
      if (type === "assistant") {
        const text = arrayAt(objectAt(event, "message"), "content")
          .filter((block) => stringAt(block, "type") === "text")
          .map((block) => stringAt(block, "text") ?? "")
          .join("");
        const lineOfText = firstLine(text);
        if (lineOfText !== null) progress.push(lineOfText);
      } else if (type === "tool_call" && stringAt(event, "subtype") === "started") {
        const call = toolCallLine(objectAt(event, "tool_call"));
        if (call !== null) progress.push(call);
      } else if (type === "result") {
        readResult(event, outcome);
      }
      return parsedEvent(progress, sessionId);
    }),
    outcome: () => ({ ...outcome }),
  };
}

/** {"shellToolCall":{"args":{"command":"ls"}}} → "shell: ls"; MCP calls by their tool's name. */
function toolCallLine(call: JsonObject | null): string | null {
  const [key, body] = Object.entries(call ?? {})[0] ?? [];
  if (key === undefined || !isJsonObject(body)) return null;
  const args = objectAt(body, "args") ?? parsedArguments(stringAt(body, "arguments"));
  if (key === "mcpToolCall") {
    const name = stringAt(args, "toolName") || stringAt(args, "name") || "mcp";
    return toolLine(name, toolDetail(objectAt(args, "args")));
  }
  const name = key === "function" ? (stringAt(body, "name") ?? "tool") : key.replace(/ToolCall$/, "");
  return toolLine(name, toolDetail(args));
}

function parsedArguments(text: string | null): JsonObject | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : null;
  } catch {
    return null;
  }
}

function readResult(event: JsonObject, outcome: TurnOutcome): void {
  const result = stringAt(event, "result");
  outcome.turnError = event.is_error === true;
  outcome.error = outcome.turnError
    ? result || stringAt(event, "error") || stringAt(event, "subtype") || "error"
    : null;
  outcome.finalMessage = outcome.turnError ? "" : (result ?? "");
  const usage = objectAt(event, "usage");
  if (usage) {
    outcome.inputTokens = numberAt(usage, "input_tokens") ?? numberAt(usage, "inputTokens");
    outcome.outputTokens = numberAt(usage, "output_tokens") ?? numberAt(usage, "outputTokens");
  }
}
