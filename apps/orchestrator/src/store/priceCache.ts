/**
 * The operator's prices as last read, by model (null: none set), shared by the store and every
 * transaction's stores: a generation's end reads its model's price without a query. Only this
 * server writes prices (PUT/DELETE /api/prices); each write forgets them all, and a read that began
 * before a write does not keep what it read.
 */
export interface PriceCache<T> {
  /** The cached price, or `read()`'s, kept unless a write came meanwhile. */
  get(model: string, read: () => Promise<T | undefined>): Promise<T | undefined>;
  forget(): void;
}

export function createPriceCache<T>(): PriceCache<T> {
  const prices = new Map<string, T | null>();
  let writes = 0;
  return {
    async get(model, read) {
      const cached = prices.get(model);
      if (cached !== undefined) return cached ?? undefined;
      const writesBefore = writes;
      const price = await read();
      if (writes === writesBefore) prices.set(model, price ?? null);
      return price;
    },
    forget() {
      writes += 1;
      prices.clear();
    },
  };
}
