import { GuildsError } from "@guilds/protocol/guildsError";
import {
  ModelPriceBody,
  ModelPriceList,
  ModelPriceView,
  PRICED_MODEL_MAX_LENGTH,
} from "@guilds/protocol/modelPrice";
import { listPrices } from "../../prices/priceTable.ts";
import { type ApiRoute, defineRoute, param } from "../apiRoute.ts";
import type { AppDeps } from "../appDeps.ts";

/**
 * The price table: a generation's cost is its tokens at its model's price when it ended. Operator
 * tokens only (a guild's or an agent's token is refused these routes: the prices are the server's).
 */
export function priceRoutes({ store }: AppDeps): ApiRoute[] {
  return [
    defineRoute({
      method: "get",
      path: "/api/prices",
      summary: "List the models' prices: the defaults and the operator's (USD per million tokens)",
      response: ModelPriceList,
      handle: async () => ({ prices: await listPrices(store.modelPrices) }),
    }),
    defineRoute({
      method: "put",
      path: "/api/prices/{model}",
      summary: "Set a model's price (USD per million tokens); generations that end from now on cost it",
      body: ModelPriceBody,
      response: ModelPriceView,
      handle: async ({ params, body }) => {
        const stored = await store.modelPrices.set(checkModelName(param(params, "model")), body);
        return {
          model: stored.model,
          ...stored.price,
          source: "operator" as const,
          updated_at: stored.updatedAt,
        };
      },
    }),
    defineRoute({
      method: "delete",
      path: "/api/prices/{model}",
      summary: "Delete the operator's price of a model: it takes its default again, or none",
      response: ModelPriceList,
      handle: async ({ params }) => {
        const model = param(params, "model");
        if (!(await store.modelPrices.delete(model))) {
          throw new GuildsError(
            "price.not_found",
            `No price of yours for the model ${JSON.stringify(model)}; GET /api/prices lists them (a default cannot be deleted, only set).`,
          );
        }
        return { prices: await listPrices(store.modelPrices) };
      },
    }),
  ];
}

/** The model's name as an agent's settings give it. */
function checkModelName(model: string): string {
  const bad = /[\p{Cc}]/u.test(model) || model.trim() !== model;
  if (model.length > 0 && model.length <= PRICED_MODEL_MAX_LENGTH && !bad) return model;
  throw new GuildsError(
    "price.model_invalid",
    `A model name must be 1 to ${PRICED_MODEL_MAX_LENGTH} characters, without leading or trailing spaces or control characters, as the agent's model gives it (claude-sonnet-4-5); got ${JSON.stringify(model)}.`,
  );
}
