import { createHash } from "node:crypto";
import { describe, expect, vi } from "vitest";
import { expectGuildsError, type StoreTest } from "./storeFixture.ts";

export function tokenCases(test: StoreTest): void {
  describe("operator tokens", () => {
    test("the token is shown once; only its SHA-256 is stored", async ({ db, open }) => {
      const store = await open();
      const { token, record } = await store.tokens.create("laptop");

      expect(token).toMatch(/^gt_[A-Za-z0-9_-]{43}$/);
      expect(record).toMatchObject({ name: "laptop", lastUsedAt: null });
      const rows = await db.rawRows("select * from operator_token");
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(rows[0]?.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
      expect(await store.tokens.list()).toEqual([record]);
    });

    test("verify accepts the token and marks it used; anything else is refused", async ({ open }) => {
      const store = await open();
      const { token } = await store.tokens.create("ci");

      const verified = await store.tokens.verify(token);

      expect(verified?.name).toBe("ci");
      expect(verified?.lastUsedAt).not.toBeNull();
      expect(await store.tokens.verify(`${token}x`)).toBeUndefined();
      expect(await store.tokens.verify("")).toBeUndefined();
      expect(await store.tokens.verify("Bearer whatever")).toBeUndefined();
    });

    test("a check writes the last-used stamp at most once a minute, and does not wait for it", async ({
      open,
    }) => {
      const store = await open();
      const { token } = await store.tokens.create("web");

      const first = await store.tokens.verify(token);
      const stored = await vi.waitFor(async () => {
        const [record] = await store.tokens.list();
        expect(record?.lastUsedAt).not.toBeNull();
        return record;
      });
      const second = await store.tokens.verify(token);

      expect(stored?.lastUsedAt).toBe(first?.lastUsedAt);
      expect(second?.lastUsedAt).not.toBeNull();
      // The second check came within the minute: the stamp stored is still the first one.
      expect((await store.tokens.list())[0]?.lastUsedAt).toBe(first?.lastUsedAt);
    });

    test("names are unique; a revoked token stops working", async ({ open }) => {
      const store = await open();
      const { token } = await store.tokens.create("ci");
      await expectGuildsError(store.tokens.create("ci"), "token.exists", 409);

      await store.tokens.revoke("ci");

      expect(await store.tokens.verify(token)).toBeUndefined();
      await expectGuildsError(store.tokens.revoke("ci"), "token.not_found", 404);
    });
  });
}
