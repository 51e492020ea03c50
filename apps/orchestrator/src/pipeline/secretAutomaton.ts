/**
 * An Aho–Corasick automaton over UTF-16 code units, built once per set of secret forms, so that a
 * text is scanned in one pass whatever the number of secrets.
 *
 * Shallow states get a dense transition row (a 16-bit state id per symbol class); deeper states
 * keep only their trie children and fall back through failure links. Text that does not look like a secret
 * keeps the automaton within a few characters of the root, so the scan stays in the dense rows,
 * and memory stays bounded however long the secrets are. States are numbered breadth-first, so the
 * children of a state have consecutive ids; no Map is built (a thousand secrets make tens of
 * thousands of states, and an automaton is built for each set of secrets).
 */

/**
 * Budget of the dense rows, in entries (2 bytes each): 1 MiB per automaton at most. With 1,000
 * secrets that covers every state up to three characters deep: text reaching deeper already
 * matches four characters of some secret, rare enough that the slower sparse path hardly counts.
 */
const DENSE_TABLE_MAX_ENTRIES = 1 << 19;
/**
 * A dense entry holds the next state's id in 16 bits, so that the rows the scan keeps visiting
 * stay in the CPU's first-level cache; a larger id (only in automata of 65,535 states and more)
 * is written as this, and found through the trie instead.
 */
export const FAR_STATE = 0xffff;
const CODE_UNITS = 0x10000;
const ROOT = 0;

export interface SecretAutomaton {
  /** Code unit → symbol class; 0 for a code unit that is in no pattern (it leads back to the root). */
  readonly classOf: Uint32Array;
  /** Number of symbol classes, class 0 included: the width of a dense row. */
  readonly width: number;
  /** States below this id (the shallowest, ids being breadth-first) have a dense row. */
  readonly denseStates: number;
  /** The next state by state and class; FAR_STATE when its id does not fit. */
  readonly dense: Uint16Array;
  /** The class on the edge into each state. */
  readonly symbol: Int32Array;
  /** Each state's children: ids firstChild .. firstChild + childCount - 1. */
  readonly firstChild: Int32Array;
  readonly childCount: Int32Array;
  readonly fail: Int32Array;
  /** Length of the text a state stands for: the longest suffix that is a prefix of a pattern. */
  readonly depth: Int32Array;
  /** Length of the longest pattern ending at this state; 0 when none does. */
  readonly matchLength: Int32Array;
}

export function buildSecretAutomaton(patterns: readonly string[]): SecretAutomaton {
  const sorted = [...new Set(patterns)].filter((pattern) => pattern.length > 0).sort();
  const { classOf, width } = symbolClasses(sorted);
  const { terminal, ...edges } = buildTrie(sorted, classOf);
  const count = edges.symbol.length;
  const denseStates = Math.max(1, Math.min(count, Math.floor(DENSE_TABLE_MAX_ENTRIES / width)));
  const automaton: SecretAutomaton = {
    classOf,
    width,
    denseStates,
    dense: new Uint16Array(denseStates * width),
    ...edges,
    fail: new Int32Array(count),
    matchLength: new Int32Array(count),
  };
  const { dense, fail, matchLength, firstChild, childCount, symbol, depth } = automaton;
  // Breadth-first ids: a state's failure target is shallower, so it is complete before the state.
  for (let state = 0; state < count; state += 1) {
    const first = firstChild[state] ?? 0;
    const end = first + (childCount[state] ?? 0);
    if (state < denseStates) {
      const row = state * width;
      if (state !== ROOT) {
        const failRow = (fail[state] ?? ROOT) * width;
        dense.copyWithin(row, failRow, failRow + width);
      }
      for (let child = first; child < end; child += 1) {
        dense[row + (symbol[child] ?? 0)] = Math.min(child, FAR_STATE);
      }
    }
    for (let child = first; child < end; child += 1) {
      const target = state === ROOT ? ROOT : slowStep(automaton, fail[state] ?? ROOT, symbol[child] ?? 0);
      fail[child] = target;
      matchLength[child] = terminal[child] === 1 ? (depth[child] ?? 0) : (matchLength[target] ?? 0);
    }
  }
  return automaton;
}

/**
 * The next state when the dense rows do not give it: from a state past them, or for an entry
 * holding FAR_STATE. Follows failure links down to a dense row that has the answer.
 */
export function slowStep(automaton: SecretAutomaton, from: number, symbol: number): number {
  let state = from;
  for (;;) {
    if (state < automaton.denseStates) {
      const next = automaton.dense[state * automaton.width + symbol] ?? FAR_STATE;
      if (next !== FAR_STATE) return next;
    }
    const first = automaton.firstChild[state] ?? 0;
    const end = first + (automaton.childCount[state] ?? 0);
    for (let child = first; child < end; child += 1) if (automaton.symbol[child] === symbol) return child;
    if (state === ROOT) return ROOT;
    state = automaton.fail[state] ?? ROOT;
  }
}

/** One class per distinct code unit of the patterns; every other code unit is class 0. */
function symbolClasses(patterns: readonly string[]): { classOf: Uint32Array; width: number } {
  const classOf = new Uint32Array(CODE_UNITS);
  let width = 1;
  for (const pattern of patterns) {
    for (let index = 0; index < pattern.length; index += 1) {
      const unit = pattern.charCodeAt(index);
      if (classOf[unit] === 0) {
        classOf[unit] = width;
        width += 1;
      }
    }
  }
  return { classOf, width };
}

interface Trie {
  symbol: Int32Array;
  firstChild: Int32Array;
  childCount: Int32Array;
  depth: Int32Array;
  terminal: Uint8Array;
}

/**
 * The trie of the sorted patterns, level by level: the patterns sharing a state's prefix are a
 * contiguous range of the sorted list, and that range splits into one range per child.
 */
function buildTrie(sorted: readonly string[], classOf: Uint32Array): Trie {
  const capacity = 1 + sorted.reduce((total, pattern) => total + pattern.length, 0);
  const trie: Trie = {
    symbol: new Int32Array(capacity),
    firstChild: new Int32Array(capacity),
    childCount: new Int32Array(capacity),
    depth: new Int32Array(capacity),
    terminal: new Uint8Array(capacity),
  };
  let count = 1;
  // Per state of the current level: its id, then the range [from, to) of patterns under it.
  let level = [ROOT, 0, sorted.length];
  for (let depth = 0; level.length > 0; depth += 1) {
    const next: number[] = [];
    for (let group = 0; group < level.length; group += 3) {
      const state = level[group] ?? ROOT;
      let from = level[group + 1] ?? 0;
      const to = level[group + 2] ?? 0;
      // A pattern ending here sorts first among those sharing the prefix.
      if ((sorted[from]?.length ?? 0) === depth && from < to) {
        trie.terminal[state] = 1;
        from += 1;
      }
      trie.firstChild[state] = count;
      while (from < to) {
        const unit = sorted[from]?.charCodeAt(depth) ?? 0;
        let end = from + 1;
        while (end < to && sorted[end]?.charCodeAt(depth) === unit) end += 1;
        trie.symbol[count] = classOf[unit] ?? 0;
        trie.depth[count] = depth + 1;
        next.push(count, from, end);
        count += 1;
        from = end;
      }
      trie.childCount[state] = count - (trie.firstChild[state] ?? 0);
    }
    level = next;
  }
  return {
    symbol: trie.symbol.slice(0, count),
    firstChild: trie.firstChild.slice(0, count),
    childCount: trie.childCount.slice(0, count),
    depth: trie.depth.slice(0, count),
    terminal: trie.terminal.slice(0, count),
  };
}
