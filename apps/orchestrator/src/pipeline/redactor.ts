import { createRedactionStream, type RedactionStream } from "./redactionStream.ts";
import { buildSecretAutomaton, type SecretAutomaton } from "./secretAutomaton.ts";
import { secretForms } from "./secretForms.ts";
import { SecretScanner } from "./secretScanner.ts";
import { type CutAutomata, secretPiecesAtCuts } from "./secretsAtCuts.ts";

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
 * overlapping or adjacent occurrences become one marker. A whole text also loses the pieces of
 * secrets that a cut left beside its ellipsis (secretsAtCuts.ts).
 */
export function createRedactor(secretValues: readonly string[]): Redactor {
  const patterns = [...new Set(secretValues.flatMap(secretForms))];
  if (patterns.length === 0) return NO_SECRETS;
  const automaton = buildSecretAutomaton(patterns);
  const cuts = cutAutomata(automaton, patterns);
  return {
    hasSecrets: true,
    redact: (text) => redactWhole(automaton, cuts, text),
    redactStream: () => createRedactionStream(automaton, REDACTED_MARKER),
  };
}

const NO_SECRETS: Redactor = {
  hasSecrets: false,
  redact: (text) => text,
  redactStream: () => ({ push: (chunk) => [chunk], end: () => [] }),
};

function cutAutomata(forward: SecretAutomaton, patterns: readonly string[]): CutAutomata {
  let backward: SecretAutomaton | undefined;
  return {
    forward,
    backward: () => {
      // Code units reversed, as secretsAtCuts reads the text backwards unit by unit.
      backward ??= buildSecretAutomaton(patterns.map((pattern) => pattern.split("").reverse().join("")));
      return backward;
    },
    longest: Math.max(...patterns.map((pattern) => pattern.length)),
  };
}

function redactWhole(automaton: SecretAutomaton, cuts: CutAutomata, text: string): string {
  const scanner = new SecretScanner(automaton);
  scanner.scan(text);
  const pieces = secretPiecesAtCuts(text, cuts);
  if (scanner.runStarts.length === 0 && pieces.length === 0) return text;
  return spliceMarkers(text, withPieces(scanner, pieces));
}

/** The scanner's stretches and the pieces at cuts, in order, touching ones merged. */
function withPieces(scanner: SecretScanner, pieces: Array<[number, number]>): Array<[number, number]> {
  const stretches = scanner.runStarts.map((start, run): [number, number] => [
    start,
    scanner.runEnds[run] ?? start,
  ]);
  if (pieces.length === 0) return stretches;
  const merged: Array<[number, number]> = [];
  for (const [start, end] of [...stretches, ...pieces].sort((a, b) => a[0] - b[0])) {
    const last = merged[merged.length - 1];
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** `text` with each stretch replaced by the marker. */
function spliceMarkers(text: string, stretches: ReadonlyArray<readonly [number, number]>): string {
  const parts: string[] = [];
  let cursor = 0;
  for (const [start, end] of stretches) {
    parts.push(text.slice(cursor, start), REDACTED_MARKER);
    cursor = end;
  }
  parts.push(text.slice(cursor));
  return parts.join("");
}
