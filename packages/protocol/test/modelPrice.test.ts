import { describe, expect, test } from "vitest";
import { costUsd, ModelPriceBody } from "../src/modelPrice.ts";

const sonnet = { input_usd_per_million: 3, output_usd_per_million: 15, cached_input_usd_per_million: 0.3 };

describe("costUsd", () => {
  test("uncached input at the input price, cached input at the cached price, output at the output price", () => {
    // 200 uncached × $3 + 1,000 cached × $0.30 + 80 out × $15, per million.
    const cost = costUsd({ input_tokens: 1200, output_tokens: 80, cached_tokens: 1000 }, sonnet);
    expect(cost).toBeCloseTo((200 * 3 + 1000 * 0.3 + 80 * 15) / 1_000_000, 15);
    expect(cost).toBeCloseTo(0.0021, 15);
  });

  test("a million tokens each way cost the prices themselves", () => {
    expect(costUsd({ input_tokens: 1_000_000, output_tokens: 1_000_000, cached_tokens: 0 }, sonnet)).toBe(18);
    expect(
      costUsd({ input_tokens: 1_000_000, output_tokens: 0, cached_tokens: 1_000_000 }, sonnet),
    ).toBeCloseTo(0.3, 12);
  });

  test("a count not reported counts as none; no counts at all is no cost", () => {
    expect(costUsd({ input_tokens: null, output_tokens: 1000, cached_tokens: null }, sonnet)).toBeCloseTo(
      0.015,
      15,
    );
    expect(costUsd({ input_tokens: 1000, output_tokens: null, cached_tokens: null }, sonnet)).toBeCloseTo(
      0.003,
      15,
    );
    expect(costUsd({ input_tokens: null, output_tokens: null, cached_tokens: null }, sonnet)).toBeNull();
  });

  test("cached tokens beyond the input count are not billed twice", () => {
    expect(costUsd({ input_tokens: 100, output_tokens: 0, cached_tokens: 500 }, sonnet)).toBeCloseTo(
      (100 * 0.3) / 1_000_000,
      15,
    );
  });
});

describe("ModelPriceBody", () => {
  test("takes three prices per million tokens, zero included", () => {
    expect(ModelPriceBody.parse({ ...sonnet, input_usd_per_million: 0 })).toEqual({
      ...sonnet,
      input_usd_per_million: 0,
    });
  });

  test("refuses a negative, a missing, a non-number or an implausibly high price, saying which and why", () => {
    const issues = (body: unknown) =>
      ModelPriceBody.safeParse(body).error?.issues.map((issue) => issue.message);
    expect(issues({ ...sonnet, output_usd_per_million: -1 })).toEqual([
      "output_usd_per_million cannot be negative",
    ]);
    expect(issues({ input_usd_per_million: 3, output_usd_per_million: 15 })).toEqual([
      "cached_input_usd_per_million must be a number of US dollars per million tokens, like 3 or 0.3",
    ]);
    expect(issues({ ...sonnet, input_usd_per_million: "3" })).toEqual([
      "input_usd_per_million must be a number of US dollars per million tokens, like 3 or 0.3",
    ]);
    expect(issues({ ...sonnet, input_usd_per_million: 3_000_000 })).toEqual([
      "input_usd_per_million is above 10000 USD per million tokens: prices are per million tokens, not per token or per thousand",
    ]);
    expect(ModelPriceBody.safeParse({ ...sonnet, currency: "EUR" }).success).toBe(false);
  });
});
