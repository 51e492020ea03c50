import type { EventParser, ParsedLine, TurnOutcome } from "./driver.ts";
import { type JsonObject, parseJsonObject, stringAt } from "./json.ts";
import { notAnEvent } from "./turnOutcome.ts";

export interface EventGate {
  /** Counts every event let through. */
  outcome: TurnOutcome;
  /** The field that names an event; default "type" (agy's is "event"). */
  key?: string;
  /** Whether a JSON object of that name is one of the CLI's events. */
  isEvent(name: string, event: JsonObject): boolean;
}

/**
 * The feed of a CLI's parser: a line that is a JSON object named as one of the CLI's events is
 * counted and given to `read`; any other line is not an event.
 */
export function eventFeed(
  gate: EventGate,
  read: (event: JsonObject, name: string) => ParsedLine,
): EventParser["feed"] {
  return (line) => {
    const event = parseJsonObject(line);
    const name = stringAt(event, gate.key ?? "type");
    if (event === null || name === null || !gate.isEvent(name, event)) return notAnEvent();
    gate.outcome.events += 1;
    return read(event, name);
  };
}
