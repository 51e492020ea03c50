import type { ModelPrice } from "@guilds/protocol/modelPrice";
import type { Kysely, Selectable } from "kysely";
import { timestamp } from "./clock.ts";
import type { Database, ModelPriceTable } from "./database.ts";
import type { PriceCache } from "./priceCache.ts";

/** A price the operator set for a model, and when. */
export interface StoredModelPrice {
  model: string;
  price: ModelPrice;
  updatedAt: string;
}

export type ModelPriceStore = ReturnType<typeof createModelPriceStore>;

/** The operator's prices, by model name; a model without one takes the server's default. */
export function createModelPriceStore(db: Kysely<Database>, cache: PriceCache<StoredModelPrice>) {
  return {
    async list(): Promise<StoredModelPrice[]> {
      const rows = await db.selectFrom("model_price").selectAll().orderBy("model").execute();
      return rows.map(toStoredPrice);
    },

    get(model: string): Promise<StoredModelPrice | undefined> {
      return cache.get(model, async () => {
        const row = await db
          .selectFrom("model_price")
          .selectAll()
          .where("model", "=", model)
          .executeTakeFirst();
        return row === undefined ? undefined : toStoredPrice(row);
      });
    },

    /** Creates or replaces the model's price. */
    async set(model: string, price: ModelPrice): Promise<StoredModelPrice> {
      const row: Selectable<ModelPriceTable> = { model, ...price, updated_at: timestamp() };
      cache.forget();
      await db
        .insertInto("model_price")
        .values(row)
        .onConflict((conflict) =>
          conflict.column("model").doUpdateSet({
            input_usd_per_million: row.input_usd_per_million,
            output_usd_per_million: row.output_usd_per_million,
            cached_input_usd_per_million: row.cached_input_usd_per_million,
            updated_at: row.updated_at,
          }),
        )
        .execute();
      cache.forget();
      return toStoredPrice(row);
    },

    /** False when the model had no price of the operator's. */
    async delete(model: string): Promise<boolean> {
      cache.forget();
      const result = await db.deleteFrom("model_price").where("model", "=", model).executeTakeFirst();
      cache.forget();
      return result.numDeletedRows > 0n;
    },
  };
}

function toStoredPrice(row: Selectable<ModelPriceTable>): StoredModelPrice {
  return {
    model: row.model,
    price: {
      input_usd_per_million: row.input_usd_per_million,
      output_usd_per_million: row.output_usd_per_million,
      cached_input_usd_per_million: row.cached_input_usd_per_million,
    },
    updatedAt: row.updated_at,
  };
}
