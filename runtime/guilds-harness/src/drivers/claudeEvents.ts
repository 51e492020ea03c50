import type { EventParser, TurnOutcome } from "./driver.ts";
import { eventFeed } from "./eventFeed.ts";
import { firstLine } from "./firstLine.ts";
import { arrayAt, type JsonObject, numberAt, objectAt, stringAt } from "./json.ts";
import { toolLine } from "./progressLine.ts";
import { readStreamJsonStart } from "./streamJsonStart.ts";
import { toolDetail } from "./toolDetail.ts";
import { emptyOutcome, parsedEvent } from "./turnOutcome.ts";

const EVENT_TYPES = new Set(["system", "assistant", "user", "result", "stream_event"]);

/**
 * Claude Code's `-p --output-format stream-json --verbose` events. Each carries session_id, which
 * also admits the types it adds over time (rate_limit_event, on a login).
 */
export function createClaudeParser(): EventParser {
  const outcome = emptyOutcome();
  return {
    feed: eventFeed({ outcome, isEvent: isClaudeEvent }, (event, type) => {
      const { sessionId, progress } = readStreamJsonStart(event, type, outcome, "claude");
      if (type === "assistant") {
        progress.push(...assistantProgress(objectAt(event, "message")));
      } else if (type === "result") {
        readResult(event, outcome);
      }
      return parsedEvent(progress, sessionId);
    }),
    outcome: () => ({ ...outcome }),
  };
}

function isClaudeEvent(type: string, event: JsonObject): boolean {
  return EVENT_TYPES.has(type) || stringAt(event, "session_id") !== null;
}

/** The first line of the message's text, then a line per tool use (Write and Edit are the file changes). */
function assistantProgress(message: JsonObject | null): string[] {
  const progress: string[] = [];
  let textSeen = false;
  for (const block of arrayAt(message, "content")) {
    const type = stringAt(block, "type");
    if (type === "text" && !textSeen) {
      const line = firstLine(stringAt(block, "text") ?? "");
      if (line !== null) {
        progress.push(line);
        textSeen = true;
      }
    } else if (type === "tool_use") {
      progress.push(toolLine(stringAt(block, "name") ?? "tool", toolDetail(objectAt(block, "input"))));
    }
  }
  return progress;
}

/**
 * A failed turn keeps subtype "success" with is_error true (API and login errors), or has an error
 * subtype with errors[] and no result (an unknown session on resume).
 */
function readResult(event: JsonObject, outcome: TurnOutcome): void {
  const result = stringAt(event, "result");
  outcome.turnError = event.is_error === true;
  if (outcome.turnError) {
    const errors = arrayAt(event, "errors").filter((item): item is string => typeof item === "string");
    outcome.error = errors.join("\n") || result || stringAt(event, "subtype") || "error";
    outcome.finalMessage = "";
  } else {
    outcome.error = null;
    outcome.finalMessage = result ?? "";
  }
  outcome.costUsd = numberAt(event, "total_cost_usd");
  const usage = objectAt(event, "usage");
  if (usage) {
    // input_tokens counts only the uncached part of the prompt.
    const input = numberAt(usage, "input_tokens");
    outcome.inputTokens =
      input === null
        ? null
        : input +
          (numberAt(usage, "cache_creation_input_tokens") ?? 0) +
          (numberAt(usage, "cache_read_input_tokens") ?? 0);
    outcome.outputTokens = numberAt(usage, "output_tokens");
    outcome.cachedTokens = numberAt(usage, "cache_read_input_tokens");
  }
}
