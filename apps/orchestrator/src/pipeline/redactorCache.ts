import { createHash } from "node:crypto";
import { createRedactor, type Redactor } from "./redactor.ts";

/** Distinct secret sets kept: one per agent at work is plenty. */
const DEFAULT_CAPACITY = 64;

export interface RedactorCache {
  /** The redactor of this set of values (order and repeats do not matter), built once. */
  redactorFor(secretValues: readonly string[]): Redactor;
}

/**
 * Building an automaton costs tens of milliseconds with a thousand secrets: a run that reads its
 * secrets at every generation should not pay it every time. Keyed by a SHA-256 of the sorted
 * values, so the cache holds no second copy of them; the least recently used set goes first.
 */
export function createRedactorCache(capacity = DEFAULT_CAPACITY): RedactorCache {
  const redactors = new Map<string, Redactor>();
  return {
    redactorFor(secretValues) {
      const key = secretSetKey(secretValues);
      const cached = redactors.get(key);
      if (cached !== undefined) {
        redactors.delete(key);
        redactors.set(key, cached);
        return cached;
      }
      const redactor = createRedactor(secretValues);
      redactors.set(key, redactor);
      for (const oldest of redactors.keys()) {
        if (redactors.size <= capacity) break;
        redactors.delete(oldest);
      }
      return redactor;
    },
  };
}

function secretSetKey(secretValues: readonly string[]): string {
  const hash = createHash("sha256");
  for (const value of [...new Set(secretValues)].sort()) {
    // Length-prefixed, so that no two different sets write the same bytes.
    hash.update(`${value.length}:`).update(value);
  }
  return hash.digest("hex");
}
