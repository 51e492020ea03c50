import { describe, expect } from "vitest";
import type { ServerHolder } from "../../src/store/serverLeaseStore.ts";
import type { StoreTest } from "./storeFixture.ts";

const holder = (id: string, pid = 100): ServerHolder => ({
  id,
  host: "host-a",
  pid,
  processStart: `ns:${pid}`,
});
const inAMinute = () => new Date(Date.now() + 60_000);

export function serverLeaseCases(test: StoreTest): void {
  describe("server lease", () => {
    test("the first claimant takes it; a second one, and a stale replacing id, are refused", async ({
      open,
    }) => {
      const store = await open();
      expect(await store.serverLease.current()).toBeUndefined();

      expect(await store.serverLease.claim(holder("first"), inAMinute(), null)).toBe(true);
      expect(await store.serverLease.claim(holder("second", 200), inAMinute(), null)).toBe(false);
      expect(await store.serverLease.claim(holder("second", 200), inAMinute(), "someone-else")).toBe(false);

      const current = await store.serverLease.current();
      expect(current?.holder).toEqual(holder("first"));
      expect(Date.parse(current?.expiresAt ?? "")).toBeGreaterThan(Date.now());
    });

    test("a claimant replacing the holder it found takes it over, once", async ({ open }) => {
      const store = await open();
      await store.serverLease.claim(holder("dead"), new Date(Date.now() - 1000), null);

      const [one, two] = await Promise.all([
        store.serverLease.claim(holder("one", 1), inAMinute(), "dead"),
        store.serverLease.claim(holder("two", 2), inAMinute(), "dead"),
      ]);

      expect([one, two].filter(Boolean)).toHaveLength(1);
      expect((await store.serverLease.current())?.holder.id).toBe(one ? "one" : "two");
    });

    test("only the holder renews or releases it", async ({ open }) => {
      const store = await open();
      await store.serverLease.claim(holder("mine"), new Date(Date.now() + 1000), null);
      const later = new Date(Date.now() + 120_000);

      expect(await store.serverLease.renew("theirs", later)).toBe(false);
      expect(await store.serverLease.renew("mine", later)).toBe(true);
      expect((await store.serverLease.current())?.expiresAt).toBe(later.toISOString());

      await store.serverLease.release("theirs");
      expect((await store.serverLease.current())?.holder.id).toBe("mine");
      await store.serverLease.release("mine");
      expect(await store.serverLease.current()).toBeUndefined();
      expect(await store.serverLease.renew("mine", later)).toBe(false);
    });
  });
}
