import { FAR_STATE, type SecretAutomaton, slowStep } from "./secretAutomaton.ts";

/**
 * Every cut that keeps part of a text says so with an ellipsis right beside what it kept: the
 * shell's "<head>\n[… N bytes elided; … …]\n<tail>", a clipped line's "<start>… [+N chars]",
 * shell_status's "…<end of a line>", code_task's "[… N bytes removed from the start …]\n<end>".
 * Redacting whole values misses the piece of a secret such a cut leaves on either side.
 */
const CUT_MARK = "\u2026";
/** The shell's elision line starts on a line of its own, after the head. */
const BEFORE_MARK_ON_NEW_LINE = "\n[";
/** The elision and removal lines end on their own line, before the kept text. */
const AFTER_MARK_LINE_END = "]\n";
/** Shorter pieces say too little of a secret (and match too much ordinary text) to be hidden. */
export const SECRET_PIECE_MIN_LENGTH = 4;

export interface CutAutomata {
  /** Over the secret forms: its state's depth is the longest start of a form ending there. */
  forward: SecretAutomaton;
  /** Over the forms reversed, built only when a text has a cut mark. */
  backward(): SecretAutomaton;
  /** The longest form, in code units: no piece is longer. */
  longest: number;
}

/**
 * Stretches [start, end) of `text` to redact besides whole values: the start of a secret form
 * (SECRET_PIECE_MIN_LENGTH units or more) that ends at a cut mark, and the end of one that starts
 * right after it. An ordinary text ending in such a start before an ellipsis loses it too: a
 * small price for never showing most of a secret.
 */
export function secretPiecesAtCuts(text: string, automata: CutAutomata): Array<[number, number]> {
  const ends: number[] = [];
  const starts: number[] = [];
  for (let mark = text.indexOf(CUT_MARK); mark !== -1; mark = text.indexOf(CUT_MARK, mark + 1)) {
    if (text.startsWith(BEFORE_MARK_ON_NEW_LINE, mark - BEFORE_MARK_ON_NEW_LINE.length)) {
      ends.push(mark - BEFORE_MARK_ON_NEW_LINE.length);
    }
    ends.push(mark);
    starts.push(mark + 1);
    if (text.startsWith(AFTER_MARK_LINE_END, mark + 1)) starts.push(mark + 1 + AFTER_MARK_LINE_END.length);
  }
  if (ends.length === 0) return [];
  return [...piecesEndingAt(text, ends, automata), ...piecesStartingAt(text, starts, automata)];
}

/**
 * At each position (ascending), the longest start of a form that the text ends with there. One
 * forward scan, restarted only across gaps longer than any form: linear in the text however many
 * marks it holds.
 */
function piecesEndingAt(
  text: string,
  ends: readonly number[],
  automata: CutAutomata,
): Array<[number, number]> {
  const { forward, longest } = automata;
  const pieces: Array<[number, number]> = [];
  let state = 0;
  let scanned = 0;
  for (const end of ends) {
    const from = end - longest;
    if (from > scanned) {
      state = 0;
      scanned = from;
    }
    for (; scanned < end; scanned += 1) state = step(forward, state, text.charCodeAt(scanned));
    const length = forward.depth[state] ?? 0;
    if (length >= SECRET_PIECE_MIN_LENGTH) pieces.push([end - length, end]);
  }
  return pieces;
}

/** The same backwards, with the reversed forms: the longest end of a form the text starts with at each position. */
function piecesStartingAt(
  text: string,
  starts: readonly number[],
  automata: CutAutomata,
): Array<[number, number]> {
  const backward = automata.backward();
  const pieces: Array<[number, number]> = [];
  let state = 0;
  let scanned = text.length;
  for (let index = starts.length - 1; index >= 0; index -= 1) {
    const start = starts[index] ?? 0;
    const from = Math.min(text.length, start + automata.longest);
    if (from < scanned) {
      state = 0;
      scanned = from;
    }
    for (; scanned > start; scanned -= 1) state = step(backward, state, text.charCodeAt(scanned - 1));
    const length = backward.depth[state] ?? 0;
    if (length >= SECRET_PIECE_MIN_LENGTH) pieces.push([start, start + length]);
  }
  return pieces;
}

function step(automaton: SecretAutomaton, state: number, unit: number): number {
  const symbol = automaton.classOf[unit] ?? 0;
  const next =
    state < automaton.denseStates
      ? (automaton.dense[state * automaton.width + symbol] ?? FAR_STATE)
      : FAR_STATE;
  return next === FAR_STATE ? slowStep(automaton, state, symbol) : next;
}
