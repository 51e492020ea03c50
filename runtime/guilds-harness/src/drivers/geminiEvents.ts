import type { EventParser, TurnOutcome } from "./driver.ts";
import { eventFeed } from "./eventFeed.ts";
import { type JsonObject, numberAt, objectAt, stringAt } from "./json.ts";
import { startedLine, toolLine } from "./progressLine.ts";
import { StreamedMessage } from "./streamedMessage.ts";
import { toolDetail } from "./toolDetail.ts";
import { emptyOutcome, parsedEvent } from "./turnOutcome.ts";

const EVENT_TYPES = new Set(["init", "message", "tool_use", "tool_result", "error", "result"]);

/**
 * Gemini CLI's `--output-format stream-json` events. Its result carries no text: the final message is
 * the last assistant message, its deltas put together. An "error" event is a warning, not fatal.
 */
export function createGeminiParser(): EventParser {
  const outcome = emptyOutcome();
  const message = new StreamedMessage();
  let lastMessage = "";
  const endMessage = (): string[] => {
    const ended = message.end();
    if (ended.text.trim() !== "") lastMessage = ended.text;
    return ended.progress;
  };
  return {
    feed: eventFeed({ outcome, isEvent: (type) => EVENT_TYPES.has(type) }, (event, type) => {
      let sessionId: string | null = null;
      const progress: string[] = [];
      if (type === "message" && stringAt(event, "role") === "assistant") {
        progress.push(...message.append(stringAt(event, "content") ?? ""));
        if (event.delta !== true) progress.push(...endMessage());
      } else if (type !== "error") {
        progress.push(...endMessage());
      }
      if (type === "init") {
        sessionId = stringAt(event, "session_id");
        if (sessionId) outcome.sessionId = sessionId;
        outcome.model = stringAt(event, "model") || null;
        progress.push(startedLine("gemini", outcome.model));
      } else if (type === "tool_use") {
        progress.push(
          toolLine(stringAt(event, "tool_name") ?? "tool", toolDetail(objectAt(event, "parameters"))),
        );
      } else if (type === "result") {
        readResult(event, outcome);
      }
      return parsedEvent(progress, sessionId);
    }),
    outcome: () => ({
      ...outcome,
      finalMessage: message.current.trim() !== "" ? message.current : lastMessage,
    }),
  };
}

function readResult(event: JsonObject, outcome: TurnOutcome): void {
  outcome.turnError = stringAt(event, "status") === "error";
  outcome.error = outcome.turnError ? stringAt(objectAt(event, "error"), "message") || "error" : null;
  const stats = objectAt(event, "stats");
  outcome.inputTokens = numberAt(stats, "input_tokens");
  outcome.outputTokens = numberAt(stats, "output_tokens");
  // Part of input_tokens, as the API's cachedContentTokenCount is of promptTokenCount.
  outcome.cachedTokens = numberAt(stats, "cached");
}
