import type { SecretAutomaton } from "./secretAutomaton.ts";
import { SecretScanner } from "./secretScanner.ts";

/**
 * Redaction of a streamed text. Each push gives out what is final, in pieces to write in order:
 * slices of the chunks and markers, never copied into one string (a chunk would otherwise be copied
 * whole just to put the few characters held back from the previous one in front of it).
 */
export interface RedactionStream {
  push(chunk: string): string[];
  /** The rest of the text; the stream is done. */
  end(): string[];
}

/**
 * What is held back is at most the longest secret's length: the text that may start a secret.
 * Text inside a stretch being redacted is dropped as it comes (its marker already given out), so
 * even an endless run of secrets does not grow memory.
 */
export function createRedactionStream(automaton: SecretAutomaton, marker: string): RedactionStream {
  const scanner = new SecretScanner(automaton);
  const pending = new PendingText();
  /** The first stretch is still open, and its marker was given out already. */
  let openMarkerShown = false;

  /** Gives out everything before `settled` (no match found later starts before it). */
  const release = (settled: number): string[] => {
    const pieces: string[] = [];
    let finished = 0;
    for (let run = 0; run < scanner.runStarts.length; run += 1) {
      const start = scanner.runStarts[run] ?? pending.cursor;
      const end = scanner.runEnds[run] ?? start;
      const open = end >= settled;
      // A stretch starting after `settled` may still grow backwards: nothing from it on is final.
      if (open && start > settled) break;
      if (!(run === 0 && openMarkerShown)) {
        pending.take(start, pieces);
        pieces.push(marker);
      }
      pending.take(end, undefined);
      openMarkerShown = open;
      if (open) break;
      finished += 1;
    }
    scanner.dropRuns(finished);
    pending.take(Math.min(settled, scanner.runStarts[0] ?? settled), pieces);
    return pieces;
  };

  return {
    push(chunk) {
      scanner.scan(chunk);
      pending.append(chunk);
      return release(scanner.settledBefore());
    },
    end() {
      return release(Number.POSITIVE_INFINITY);
    },
  };
}

/** The text not given out yet: what was held back (short), then the latest chunk. */
class PendingText {
  /** Position in the stream of the first character not given out. */
  cursor = 0;
  private held = "";
  private latest = "";

  append(chunk: string): void {
    this.held += this.latest;
    this.latest = chunk;
  }

  /** Moves the cursor to `upTo`, adding the text passed over to `pieces` (dropping it without). */
  take(upTo: number, pieces: string[] | undefined): void {
    let count = Math.min(upTo - this.cursor, this.held.length + this.latest.length);
    if (count <= 0) return;
    this.cursor += count;
    if (this.held.length > 0) {
      const fromHeld = Math.min(count, this.held.length);
      pieces?.push(this.held.slice(0, fromHeld));
      this.held = this.held.slice(fromHeld);
      count -= fromHeld;
    }
    if (count > 0) {
      pieces?.push(this.latest.slice(0, count));
      this.latest = this.latest.slice(count);
    }
  }
}
