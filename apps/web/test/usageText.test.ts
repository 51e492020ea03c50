import { describe, expect, test } from "vitest";
import { costText, usageAndCostText, usageText } from "../src/runFlow/usageText.ts";

describe("usage and cost as the headers write them", () => {
  test("input with its cached part, output, and the cost", () => {
    expect(usageAndCostText({ input_tokens: 1200, output_tokens: 80, cached_tokens: 1000 }, 0.0021)).toBe(
      "1,200 in (1,000 cached) · 80 out · $0.0021",
    );
  });

  test("no cached part when none was cached or it was not reported", () => {
    expect(usageText({ input_tokens: 12, output_tokens: 3, cached_tokens: 0 })).toBe("12 in · 3 out");
    expect(usageText({ input_tokens: 12, output_tokens: 3, cached_tokens: null })).toBe("12 in · 3 out");
  });

  test("a count not reported is left out; nothing reported is nothing to show", () => {
    expect(usageText({ input_tokens: null, output_tokens: 5, cached_tokens: null })).toBe("5 out");
    expect(
      usageAndCostText({ input_tokens: null, output_tokens: null, cached_tokens: null }, null),
    ).toBeNull();
    expect(usageAndCostText(null, null)).toBeNull();
  });

  test("counts without a price say so; a cost alone (a harness's report) shows alone", () => {
    expect(usageAndCostText({ input_tokens: 10, output_tokens: 2, cached_tokens: null }, null)).toBe(
      "10 in · 2 out · no price",
    );
    expect(usageAndCostText(null, 0.5)).toBe("$0.500");
  });

  test("dollars with the digits a small cost needs", () => {
    expect(costText(0)).toBe("$0");
    expect(costText(12.345)).toBe("$12.35");
    expect(costText(0.0123)).toBe("$0.012");
    expect(costText(0.000123)).toBe("$0.00012");
    expect(costText(0.00000004)).toBe("< $0.0001");
  });
});
