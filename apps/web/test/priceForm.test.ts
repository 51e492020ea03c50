import { describe, expect, test } from "vitest";
import {
  buildPriceRequest,
  emptyPriceForm,
  priceFormOf,
  priceText,
} from "../src/features/prices/priceForm.ts";

describe("the price form", () => {
  test("three prices per million tokens make the PUT body; the model is trimmed", () => {
    expect(buildPriceRequest({ model: " qwen3:8b ", input: "0.1", cachedInput: "0", output: "0.4" })).toEqual(
      {
        ok: true,
        model: "qwen3:8b",
        body: { input_usd_per_million: 0.1, cached_input_usd_per_million: 0, output_usd_per_million: 0.4 },
      },
    );
  });

  test("each missing, negative, non-numeric or per-token price is refused, saying what to write", () => {
    const outcome = buildPriceRequest({ model: "", input: "-1", cachedInput: "abc", output: "20000" });
    expect(outcome).toEqual({
      ok: false,
      errors: {
        model: "Name the model as an agent gives it, like claude-sonnet-4-5.",
        input: "US dollars per million tokens: 0 or more, like 3 or 0.3.",
        cachedInput: "US dollars per million tokens: 0 or more, like 3 or 0.3.",
        output: "Above 10000: prices here are per million tokens, not per token.",
      },
    });
    expect(buildPriceRequest(emptyPriceForm()).ok).toBe(false);
  });

  test("a listed price fills the form to change it", () => {
    const price = {
      model: "gpt-5",
      input_usd_per_million: 1.25,
      output_usd_per_million: 10,
      cached_input_usd_per_million: 0.125,
      source: "default" as const,
      updated_at: null,
    };
    expect(priceFormOf(price)).toEqual({ model: "gpt-5", input: "1.25", cachedInput: "0.125", output: "10" });
  });

  test("prices as the table lists them", () => {
    expect([3, 0.3, 0.125, 15, 1.25, 0].map(priceText)).toEqual([
      "$3",
      "$0.30",
      "$0.125",
      "$15",
      "$1.25",
      "$0",
    ]);
  });
});
