import type { EventParser, TurnOutcome } from "./driver.ts";
import { eventFeed } from "./eventFeed.ts";
import { firstLine } from "./firstLine.ts";
import { arrayAt, type JsonObject, numberAt, objectAt, stringAt } from "./json.ts";
import { startedLine, toolLine } from "./progressLine.ts";
import { toolDetail } from "./toolDetail.ts";
import { emptyOutcome, parsedEvent } from "./turnOutcome.ts";

const EVENT_TYPES = new Set([
  "thread.started",
  "turn.started",
  "turn.completed",
  "turn.failed",
  "item.started",
  "item.updated",
  "item.completed",
  "item.plan.delta",
  "request_user_input",
  "error",
]);

/**
 * Codex's `exec --json` events. It names no model. A top-level "error" is fatal only when nothing
 * follows it ("Reconnecting... 2/5" is not); an item of type "error" is a warning, never fatal.
 */
export function createCodexParser(): EventParser {
  const outcome = emptyOutcome();
  const startedItems = new Set<string>();
  let trailingError: string | null = null;
  let failed = false;
  return {
    feed: eventFeed({ outcome, isEvent: (type) => EVENT_TYPES.has(type) }, (event, type) => {
      trailingError = type === "error" ? (stringAt(event, "message") ?? "error") : null;
      let sessionId: string | null = null;
      const progress: string[] = [];
      if (type === "thread.started") {
        sessionId = stringAt(event, "thread_id");
        if (sessionId) outcome.sessionId = sessionId;
        progress.push(startedLine("codex", null));
      } else if (type === "item.started" || type === "item.completed") {
        const item = objectAt(event, "item");
        if (item) progress.push(...itemProgress(item, type === "item.started", startedItems, outcome));
      } else if (type === "turn.completed") {
        readUsage(objectAt(event, "usage"), outcome);
      } else if (type === "turn.failed") {
        failed = true;
        outcome.error = stringAt(objectAt(event, "error"), "message") || "turn failed";
      }
      return parsedEvent(progress, sessionId);
    }),
    outcome() {
      if (failed) return { ...outcome, turnError: true };
      if (trailingError !== null) return { ...outcome, turnError: true, error: trailingError };
      return { ...outcome };
    },
  };
}

/**
 * Commands and MCP calls get their line when they start (their completion may land in a later poll);
 * file changes and web searches, which may come only as completed, when first seen.
 */
function itemProgress(
  item: JsonObject,
  started: boolean,
  startedItems: Set<string>,
  outcome: TurnOutcome,
): string[] {
  const type = stringAt(item, "type");
  const id = stringAt(item, "id") ?? "";
  switch (type) {
    case "agent_message": {
      if (started) return [];
      const text = stringAt(item, "text") ?? "";
      outcome.finalMessage = text;
      const line = firstLine(text);
      return line === null ? [] : [line];
    }
    case "command_execution":
      return started ? [toolLine("command_execution", stringAt(item, "command"))] : [];
    case "mcp_tool_call":
      return started ? [mcpLine(item)] : [];
    case "file_change":
    case "web_search": {
      if (startedItems.has(id)) return [];
      if (started) startedItems.add(id);
      if (type === "web_search") return [toolLine("web_search", stringAt(item, "query"))];
      return arrayAt(item, "changes").map((change) => toolLine("file_change", stringAt(change, "path")));
    }
    default:
      return [];
  }
}

function mcpLine(item: JsonObject): string {
  const server = stringAt(item, "server");
  const tool = stringAt(item, "tool") ?? "mcp_tool_call";
  return toolLine(server ? `${server}.${tool}` : tool, toolDetail(item.arguments));
}

function readUsage(usage: JsonObject | null, outcome: TurnOutcome): void {
  if (!usage) return;
  // input_tokens already includes cached_input_tokens.
  outcome.inputTokens = numberAt(usage, "input_tokens");
  outcome.outputTokens = numberAt(usage, "output_tokens");
  outcome.cachedTokens = numberAt(usage, "cached_input_tokens");
}
