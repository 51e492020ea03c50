import { describe, expect, test } from "vitest";
import { clipLine, countChars } from "../../src/text/clipLine.ts";

describe("clipLine", () => {
  test("keeps a line at the limit and clips one past it with the count cut", () => {
    expect(clipLine("abc", 3)).toBe("abc");
    expect(clipLine("abcd", 3)).toBe("abc… [+1 chars]");
  });

  test("counts code points, never splitting a surrogate pair", () => {
    expect(countChars("😀é")).toBe(2);
    expect(clipLine("😀😀😀", 2)).toBe("😀😀… [+1 chars]");
  });

  test("adds characters the caller did not hold", () => {
    expect(clipLine("abcd", 3, 5)).toBe("abc… [+6 chars]");
  });
});
