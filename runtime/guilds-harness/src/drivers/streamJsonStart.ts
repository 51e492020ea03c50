import type { HarnessName } from "@guilds/protocol/harness";
import type { TurnOutcome } from "./driver.ts";
import { type JsonObject, stringAt } from "./json.ts";
import { startedLine } from "./progressLine.ts";

/**
 * What Claude Code's stream-json events and Cursor's (the same format) say first: any event may name
 * the session, and the system init event names the model and makes the started line.
 */
export function readStreamJsonStart(
  event: JsonObject,
  type: string,
  outcome: TurnOutcome,
  harness: HarnessName,
): { sessionId: string | null; progress: string[] } {
  const sessionId = stringAt(event, "session_id");
  if (sessionId) outcome.sessionId = sessionId;
  const progress: string[] = [];
  if (type === "system" && stringAt(event, "subtype") === "init") {
    outcome.model = stringAt(event, "model") || null;
    progress.push(startedLine(harness, outcome.model));
  }
  return { sessionId, progress };
}
