import type { ModelPrice, ModelPriceView } from "@guilds/protocol/modelPrice";
import type { ModelPriceStore } from "../store/modelPriceStore.ts";
import { DEFAULT_MODEL_PRICES } from "./defaultPrices.ts";

/** The defaults, each replaced by the operator's price for the same model; the operator's other models added. */
export async function listPrices(store: ModelPriceStore): Promise<ModelPriceView[]> {
  const byModel = new Map<string, ModelPriceView>();
  for (const [model, price] of Object.entries(DEFAULT_MODEL_PRICES)) {
    byModel.set(model, { model, ...price, source: "default", updated_at: null });
  }
  for (const stored of await store.list()) {
    byModel.set(stored.model, {
      model: stored.model,
      ...stored.price,
      source: "operator",
      updated_at: stored.updatedAt,
    });
  }
  return [...byModel.values()].sort((a, b) => a.model.localeCompare(b.model));
}

/** The model's price now: the operator's, else the default; undefined when it has neither. */
export async function priceOf(store: ModelPriceStore, model: string): Promise<ModelPrice | undefined> {
  const stored = await store.get(model);
  if (stored !== undefined) return stored.price;
  return Object.hasOwn(DEFAULT_MODEL_PRICES, model) ? DEFAULT_MODEL_PRICES[model] : undefined;
}
