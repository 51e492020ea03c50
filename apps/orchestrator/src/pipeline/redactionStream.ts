import type { SecretAutomaton } from "./secretAutomaton.ts";
import { SecretScanner } from "./secretScanner.ts";

/** Redaction of a streamed text: each push returns what is final, holding back what may start a secret. */
export interface RedactionStream {
  push(chunk: string): string;
  /** The rest of the text; the stream is done. */
  end(): string;
}

/**
 * What is held back is at most the longest secret's length, plus the last chunk: text inside a
 * stretch being redacted is dropped as it comes (its marker already given out), so even an endless
 * run of secrets does not grow memory.
 */
export function createRedactionStream(automaton: SecretAutomaton, marker: string): RedactionStream {
  const scanner = new SecretScanner(automaton);
  /** The text from position `cursor` of the stream on, not given out yet. */
  let pending = "";
  let cursor = 0;
  /** The first stretch is still open, and its marker was given out already. */
  let openMarkerShown = false;

  const skip = (upTo: number): string => {
    const count = Math.min(upTo, cursor + pending.length) - cursor;
    if (count <= 0) return "";
    const skipped = pending.slice(0, count);
    pending = pending.slice(count);
    cursor += count;
    return skipped;
  };
  const take = (upTo: number, parts: string[]) => {
    const taken = skip(upTo);
    if (taken.length > 0) parts.push(taken);
  };
  /** Gives out everything before `settled` (no match found later starts before it). */
  const release = (settled: number): string => {
    const parts: string[] = [];
    let finished = 0;
    for (let run = 0; run < scanner.runStarts.length; run += 1) {
      const start = scanner.runStarts[run] ?? cursor;
      const end = scanner.runEnds[run] ?? start;
      const open = end >= settled;
      // A stretch starting after `settled` may still grow backwards: nothing from it on is final.
      if (open && start > settled) break;
      if (!(run === 0 && openMarkerShown)) {
        take(start, parts);
        parts.push(marker);
      }
      skip(end);
      openMarkerShown = open;
      if (open) break;
      finished += 1;
    }
    scanner.dropRuns(finished);
    take(Math.min(settled, scanner.runStarts[0] ?? settled), parts);
    return parts.length === 1 ? (parts[0] ?? "") : parts.join("");
  };

  return {
    push(chunk) {
      scanner.scan(chunk);
      pending += chunk;
      return release(scanner.settledBefore());
    },
    end() {
      return release(Number.POSITIVE_INFINITY);
    },
  };
}
