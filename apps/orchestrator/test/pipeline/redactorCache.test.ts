import { describe, expect, test } from "vitest";
import { createRedactorCache } from "../../src/pipeline/redactorCache.ts";

describe("createRedactorCache", () => {
  test("the same set, in any order and with repeats, gives the same redactor", () => {
    const cache = createRedactorCache();
    const first = cache.redactorFor(["alpha-secret", "beta-secret"]);
    expect(cache.redactorFor(["beta-secret", "alpha-secret", "beta-secret"])).toBe(first);
    expect(first.redact("x alpha-secret y beta-secret")).toBe("x [redacted] y [redacted]");
  });

  test("another set gives another redactor; values are never confused by how they join", () => {
    const cache = createRedactorCache();
    expect(cache.redactorFor(["ab:cd", "efgh"])).not.toBe(cache.redactorFor(["ab", "cd:efgh"]));
    expect(cache.redactorFor(["abcd"])).not.toBe(cache.redactorFor(["abcd", "efgh"]));
  });

  test("the least recently used set is dropped past the capacity", () => {
    const cache = createRedactorCache(2);
    const one = cache.redactorFor(["one-secret"]);
    const two = cache.redactorFor(["two-secret"]);
    expect(cache.redactorFor(["one-secret"])).toBe(one);
    cache.redactorFor(["three-secret"]);
    expect(cache.redactorFor(["one-secret"])).toBe(one);
    expect(cache.redactorFor(["two-secret"])).not.toBe(two);
  });
});
