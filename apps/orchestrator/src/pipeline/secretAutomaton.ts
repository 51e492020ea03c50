/**
 * An Aho–Corasick automaton over UTF-16 code units, built once per set of secret forms, so that a
 * text is scanned in one pass whatever the number of secrets.
 *
 * Shallow states get a dense transition row (one Int32 per symbol class); deeper states keep only
 * their trie children and fall back through failure links. Text that does not look like a secret
 * keeps the automaton within a few characters of the root, so the scan stays in the dense rows,
 * and memory stays bounded however long the secrets are.
 */

/** Budget of the dense rows, in entries (4 bytes each): 4 MiB per automaton at most. */
const DENSE_TABLE_MAX_ENTRIES = 1 << 20;
const CODE_UNITS = 0x10000;
const ROOT = 0;
const NO_CHILDREN: ReadonlyMap<number, number> = new Map();

export interface SecretAutomaton {
  /** Code unit → symbol class; 0 for a code unit that is in no pattern (it leads back to the root). */
  readonly classOf: Uint32Array;
  /** Number of symbol classes, class 0 included: the width of a dense row. */
  readonly width: number;
  /** States below this id (breadth-first order, so the shallowest) have a dense row. */
  readonly denseStates: number;
  readonly dense: Int32Array;
  /** Trie children (class → state) of the states past the dense rows. */
  readonly sparseChildren: ReadonlyArray<ReadonlyMap<number, number> | undefined>;
  readonly fail: Int32Array;
  /** Length of the text a state stands for: the longest suffix that is a prefix of a pattern. */
  readonly depth: Int32Array;
  /** Length of the longest pattern ending at this state; 0 when none does. */
  readonly matchLength: Int32Array;
}

export function buildSecretAutomaton(patterns: readonly string[]): SecretAutomaton {
  const { classOf, width } = symbolClasses(patterns);
  const trie = buildTrie(patterns, classOf);
  const count = trie.children.length;
  const denseStates = Math.max(1, Math.min(count, Math.floor(DENSE_TABLE_MAX_ENTRIES / width)));
  const dense = new Int32Array(denseStates * width);
  const fail = new Int32Array(count);
  const matchLength = new Int32Array(count);
  const building: SecretAutomaton = {
    classOf,
    width,
    denseStates,
    dense,
    sparseChildren: trie.children,
    fail,
    depth: trie.depth,
    matchLength,
  };
  // Breadth-first ids: a state's failure target is shallower, so it is complete before the state.
  for (let state = 0; state < count; state += 1) {
    const children = trie.children[state] ?? NO_CHILDREN;
    if (state < denseStates) {
      const row = state * width;
      if (state !== ROOT) {
        const failRow = (fail[state] ?? ROOT) * width;
        dense.copyWithin(row, failRow, failRow + width);
      }
      for (const [symbol, child] of children) dense[row + symbol] = child;
    }
    for (const [symbol, child] of children) {
      const target = state === ROOT ? ROOT : sparseStep(building, fail[state] ?? ROOT, symbol);
      fail[child] = target;
      matchLength[child] = trie.terminal[child] === 1 ? (trie.depth[child] ?? 0) : (matchLength[target] ?? 0);
    }
  }
  const sparseChildren = trie.children.map((children, state) => (state < denseStates ? undefined : children));
  return { ...building, sparseChildren };
}

/** The next state from a state past the dense rows. */
export function sparseStep(automaton: SecretAutomaton, from: number, symbol: number): number {
  let state = from;
  for (;;) {
    if (state < automaton.denseStates) return automaton.dense[state * automaton.width + symbol] ?? ROOT;
    const child = automaton.sparseChildren[state]?.get(symbol);
    if (child !== undefined) return child;
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
  /** Children by symbol class (none for a leaf), states numbered breadth-first. */
  children: (Map<number, number> | undefined)[];
  terminal: Uint8Array;
  depth: Int32Array;
}

function buildTrie(patterns: readonly string[], classOf: Uint32Array): Trie {
  const children: Map<number, number>[] = [new Map()];
  const terminal: number[] = [0];
  for (const pattern of patterns) {
    let state = ROOT;
    for (let index = 0; index < pattern.length; index += 1) {
      const symbol = classOf[pattern.charCodeAt(index)] ?? 0;
      const node = children[state] ?? new Map<number, number>();
      let next = node.get(symbol);
      if (next === undefined) {
        next = children.length;
        node.set(symbol, next);
        children.push(new Map());
        terminal.push(0);
      }
      state = next;
    }
    terminal[state] = 1;
  }
  return renumberBreadthFirst(children, terminal);
}

function renumberBreadthFirst(children: Map<number, number>[], terminal: number[]): Trie {
  const order = [ROOT];
  const newId = new Int32Array(children.length);
  for (let index = 0; index < order.length; index += 1) {
    for (const child of (children[order[index] ?? ROOT] ?? NO_CHILDREN).values()) {
      newId[child] = order.length;
      order.push(child);
    }
  }
  const renumbered: (Map<number, number> | undefined)[] = [];
  const newTerminal = new Uint8Array(order.length);
  const depth = new Int32Array(order.length);
  for (const [state, old] of order.entries()) {
    const mapped = new Map<number, number>();
    for (const [symbol, child] of children[old] ?? NO_CHILDREN) {
      const id = newId[child] ?? ROOT;
      mapped.set(symbol, id);
      depth[id] = (depth[state] ?? 0) + 1;
    }
    renumbered.push(mapped.size > 0 ? mapped : undefined);
    newTerminal[state] = terminal[old] ?? 0;
  }
  return { children: renumbered, terminal: newTerminal, depth };
}
