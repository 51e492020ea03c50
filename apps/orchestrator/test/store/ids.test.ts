import { describe, expect, test } from "vitest";
import { newId } from "../../src/store/ids.ts";

describe("newId", () => {
  test("prefix, 10 time digits, 8 random digits", () => {
    expect(newId("run")).toMatch(/^run_[0-9a-hjkmnp-tv-z]{18}$/);
  });

  test("sorts by creation time", () => {
    const earlier = newId("tc", Date.UTC(2024, 0, 1));
    const later = newId("tc", Date.UTC(2030, 0, 1));
    expect(earlier < later).toBe(true);
  });

  test("grows within one millisecond and when the clock steps back", () => {
    const now = Date.UTC(2031, 0, 1);
    const ids = [newId("tc", now), newId("tc", now), newId("tc", now - 5_000), newId("tc", now)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("ids in many milliseconds (past the random bytes fetched at once) keep their form and order", () => {
    const start = Date.UTC(2032, 0, 1);
    const ids = Array.from({ length: 1000 }, (_id, index) => newId("msg", start + index));
    for (const id of ids) expect(id).toMatch(/^msg_[0-9a-hjkmnp-tv-z]{18}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids.map((id) => id.slice(-8))).size).toBeGreaterThan(990);
  });
});
