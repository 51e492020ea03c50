import type { EventParser, TurnOutcome } from "./driver.ts";
import { eventFeed } from "./eventFeed.ts";
import { type JsonObject, numberAt, objectAt, stringAt } from "./json.ts";
import { startedLine, toolLine } from "./progressLine.ts";
import { StreamedMessage } from "./streamedMessage.ts";
import { toolDetail } from "./toolDetail.ts";
import { emptyOutcome, parsedEvent } from "./turnOutcome.ts";

const EVENTS = new Set(["init", "step_update", "result"]);

/**
 * agy's `--output-format stream-json` events (from its documentation; not captured here): envelopes
 * keyed by "event" with the payload under the same name. The conversation id, its session, first
 * comes on a step_update. A step updates several times (ACTIVE, then DONE), so a tool step is
 * announced once, at its first update that names its parameters, else when it is DONE.
 */
export function createAntigravityParser(): EventParser {
  const outcome = emptyOutcome();
  const message = new StreamedMessage();
  let messageStep: number | null = null;
  let lastMessage = "";
  const announcedTools = new Set<number>();
  const endMessage = (): string[] => {
    const ended = message.end();
    if (ended.text.trim() !== "") lastMessage = ended.text;
    messageStep = null;
    return ended.progress;
  };
  return {
    feed: eventFeed({ outcome, key: "event", isEvent: (name) => EVENTS.has(name) }, (envelope, name) => {
      const payload = objectAt(envelope, name);
      const sessionId = stringAt(payload, "conversation_id");
      if (sessionId) outcome.sessionId = sessionId;
      const progress: string[] = [];
      if (name === "init") {
        outcome.model = stringAt(payload, "model") || null;
        progress.push(startedLine("antigravity", outcome.model));
      } else if (name === "step_update" && payload !== null) {
        const step = numberAt(payload, "step_index") ?? -1;
        const type = stringAt(payload, "step_type");
        if (type === "agent_response") {
          if (messageStep !== null && messageStep !== step) progress.push(...endMessage());
          messageStep = step;
          progress.push(...message.append(stringAt(payload, "text_delta") ?? ""));
          if (stringAt(payload, "state") === "DONE") progress.push(...endMessage());
        } else {
          progress.push(...endMessage());
          if (type === "tool" && !announcedTools.has(step)) {
            const tool = objectAt(payload, "tool_info");
            const parameters = objectAt(tool, "parameters");
            if (parameters !== null || stringAt(payload, "state") === "DONE") {
              announcedTools.add(step);
              const toolName = stringAt(tool, "name") || stringAt(payload, "tool_name") || "tool";
              progress.push(toolLine(toolName, toolDetail(parameters)));
            }
          }
        }
      } else if (name === "result") {
        progress.push(...endMessage());
        readResult(payload, outcome);
      }
      return parsedEvent(progress, sessionId);
    }),
    outcome() {
      if (outcome.finalMessage !== "" || outcome.turnError) return { ...outcome };
      return { ...outcome, finalMessage: message.current.trim() !== "" ? message.current : lastMessage };
    },
  };
}

function readResult(result: JsonObject | null, outcome: TurnOutcome): void {
  const error = stringAt(result, "error");
  outcome.turnError = stringAt(result, "status") === "ERROR" || (error ?? "").trim() !== "";
  outcome.error = outcome.turnError ? error || "error" : null;
  outcome.finalMessage = outcome.turnError ? "" : (stringAt(result, "response") ?? "");
  const usage = objectAt(result, "usage");
  outcome.inputTokens = numberAt(usage, "input_tokens");
  outcome.outputTokens = numberAt(usage, "output_tokens");
}
