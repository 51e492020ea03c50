import { createRedactionStream, type RedactionStream } from "./redactionStream.ts";
import { buildSecretAutomaton, type SecretAutomaton } from "./secretAutomaton.ts";
import { secretForms } from "./secretForms.ts";
import { SecretScanner } from "./secretScanner.ts";

/** What replaces each stretch of secret text. Safe inside a JSON string (no quote, no backslash). */
export const REDACTED_MARKER = "[redacted]";

export type { RedactionStream };

export interface Redactor {
  /** False when no value was long enough to redact: redact() gives back its text as it is. */
  readonly hasSecrets: boolean;
  redact(text: string): string;
  redactStream(): RedactionStream;
}

/**
 * A redactor for one set of secret values (the agent's and the guild's secrets, their aliases
 * sharing the same values, and the minted repository tokens). The automaton is built once here;
 * each text is then scanned once, in time linear in its length whatever the number of secrets.
 * Every occurrence of every value, and of its JSON-escaped forms, is replaced by REDACTED_MARKER;
 * overlapping or adjacent occurrences become one marker.
 */
export function createRedactor(secretValues: readonly string[]): Redactor {
  const patterns = [...new Set(secretValues.flatMap(secretForms))];
  if (patterns.length === 0) return NO_SECRETS;
  const automaton = buildSecretAutomaton(patterns);
  return {
    hasSecrets: true,
    redact: (text) => redactWhole(automaton, text),
    redactStream: () => createRedactionStream(automaton, REDACTED_MARKER),
  };
}

const NO_SECRETS: Redactor = {
  hasSecrets: false,
  redact: (text) => text,
  redactStream: () => ({ push: (chunk) => [chunk], end: () => [] }),
};

function redactWhole(automaton: SecretAutomaton, text: string): string {
  const scanner = new SecretScanner(automaton);
  scanner.scan(text);
  if (scanner.runStarts.length === 0) return text;
  return spliceMarkers(text, scanner);
}

/** `text` with each stretch the scanner found replaced by the marker. */
function spliceMarkers(text: string, scanner: SecretScanner): string {
  const parts: string[] = [];
  let cursor = 0;
  for (let run = 0; run < scanner.runStarts.length; run += 1) {
    const start = scanner.runStarts[run] ?? cursor;
    parts.push(text.slice(cursor, start), REDACTED_MARKER);
    cursor = scanner.runEnds[run] ?? start;
  }
  parts.push(text.slice(cursor));
  return parts.join("");
}
