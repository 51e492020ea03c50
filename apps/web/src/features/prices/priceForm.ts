import type { ModelPriceBody, ModelPriceView } from "@guilds/protocol/modelPrice";
import { PRICE_MAX_USD_PER_MILLION, PRICED_MODEL_MAX_LENGTH } from "@guilds/protocol/modelPrice";
import type { FormErrors } from "../../ui/useFormValues.ts";

/** The price form as typed: dollars per million tokens as text until the form is checked. */
export interface PriceFormValues {
  model: string;
  input: string;
  cachedInput: string;
  output: string;
}

export const emptyPriceForm = (): PriceFormValues => ({ model: "", input: "", cachedInput: "", output: "" });

/** A listed price, to change it. */
export function priceFormOf(price: ModelPriceView): PriceFormValues {
  return {
    model: price.model,
    input: String(price.input_usd_per_million),
    cachedInput: String(price.cached_input_usd_per_million),
    output: String(price.output_usd_per_million),
  };
}

export type PriceRequest =
  | { ok: true; model: string; body: ModelPriceBody }
  | { ok: false; errors: FormErrors<PriceFormValues> };

/** The PUT /api/prices/{model} request, or what is wrong with each field (the server checks again). */
export function buildPriceRequest(values: PriceFormValues): PriceRequest {
  const errors: FormErrors<PriceFormValues> = {};
  const model = values.model.trim();
  if (model === "") errors.model = "Name the model as an agent gives it, like claude-sonnet-4-5.";
  else if (model.length > PRICED_MODEL_MAX_LENGTH)
    errors.model = `At most ${PRICED_MODEL_MAX_LENGTH} characters.`;
  const input = dollars(values.input, "input", errors);
  const cached = dollars(values.cachedInput, "cachedInput", errors);
  const output = dollars(values.output, "output", errors);
  if (Object.keys(errors).length > 0 || input === null || cached === null || output === null) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    model,
    body: {
      input_usd_per_million: input,
      cached_input_usd_per_million: cached,
      output_usd_per_million: output,
    },
  };
}

function dollars(
  text: string,
  field: keyof PriceFormValues,
  errors: FormErrors<PriceFormValues>,
): number | null {
  const trimmed = text.trim();
  const value = trimmed === "" ? Number.NaN : Number(trimmed);
  if (!Number.isFinite(value) || value < 0) {
    errors[field] = "US dollars per million tokens: 0 or more, like 3 or 0.3.";
    return null;
  }
  if (value > PRICE_MAX_USD_PER_MILLION) {
    errors[field] = `Above ${PRICE_MAX_USD_PER_MILLION}: prices here are per million tokens, not per token.`;
    return null;
  }
  return value;
}

/** "$3", "$0.30", "$0.125": a price as the table lists it. */
export function priceText(usdPerMillion: number): string {
  const text = usdPerMillion.toFixed(3).replace(/0$/, "");
  return `$${text.endsWith(".00") ? text.slice(0, -3) : text}`;
}
