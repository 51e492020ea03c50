import { FAR_STATE, type SecretAutomaton, slowStep } from "./secretAutomaton.ts";

/**
 * Runs text through the automaton, chunk after chunk, and keeps the stretches to redact: the union
 * of every occurrence of every pattern, so overlapping and nested secrets are covered whole (a
 * leftmost-longest match alone would leave the tail of a secret overlapping the one it chose).
 * Positions are counted in UTF-16 code units from the start of the first chunk.
 */
export class SecretScanner {
  private state = 0;
  /** Code units scanned so far. */
  private scanned = 0;
  /** Disjoint, non-touching stretches [start, end), in order; touching ones merge into one. */
  readonly runStarts: number[] = [];
  readonly runEnds: number[] = [];

  constructor(private readonly automaton: SecretAutomaton) {}

  scan(text: string): void {
    const { classOf, dense, width, denseStates, matchLength } = this.automaton;
    const base = this.scanned;
    let state = this.state;
    for (let index = 0; index < text.length; index += 1) {
      const symbol = classOf[text.charCodeAt(index)] ?? 0;
      const next = state < denseStates ? (dense[state * width + symbol] ?? FAR_STATE) : FAR_STATE;
      state = next === FAR_STATE ? slowStep(this.automaton, state, symbol) : next;
      const length = matchLength[state] ?? 0;
      if (length !== 0) this.cover(base + index + 1 - length, base + index + 1);
    }
    this.state = state;
    this.scanned = base + text.length;
  }

  /**
   * No match found later can start before this position: whatever is before it, and every stretch
   * ending before it, is final.
   */
  settledBefore(): number {
    return this.scanned - (this.automaton.depth[this.state] ?? 0);
  }

  /** Forgets the first `count` stretches, once written out. */
  dropRuns(count: number): void {
    this.runStarts.splice(0, count);
    this.runEnds.splice(0, count);
  }

  private cover(start: number, end: number): void {
    let mergedStart = start;
    let mergedEnd = end;
    // Matches arrive by end position; a longer one can reach back over earlier stretches.
    for (;;) {
      const last = this.runEnds.length - 1;
      const lastEnd = this.runEnds[last];
      const lastStart = this.runStarts[last];
      if (lastEnd === undefined || lastStart === undefined || mergedStart > lastEnd) break;
      mergedStart = Math.min(mergedStart, lastStart);
      mergedEnd = Math.max(mergedEnd, lastEnd);
      this.runStarts.pop();
      this.runEnds.pop();
    }
    this.runStarts.push(mergedStart);
    this.runEnds.push(mergedEnd);
  }
}
