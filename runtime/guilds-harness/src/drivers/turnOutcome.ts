import type { ParsedLine, TurnOutcome } from "./driver.ts";

export function emptyOutcome(): TurnOutcome {
  return {
    sessionId: null,
    model: null,
    finalMessage: "",
    turnError: false,
    error: null,
    costUsd: null,
    inputTokens: null,
    cachedTokens: null,
    outputTokens: null,
    events: 0,
  };
}

/** A line that is not one of the CLI's events. */
export function notAnEvent(): ParsedLine {
  return { parsed: false, progress: [] };
}

export function parsedEvent(progress: string[], sessionId: string | null): ParsedLine {
  return sessionId ? { parsed: true, progress, sessionId } : { parsed: true, progress };
}
