import { describe, expect } from "vitest";
import type { StoreTest } from "./storeFixture.ts";

export function contextVersionCases(test: StoreTest): void {
  describe("context version", () => {
    test("every write to an agent, a secret, a repository or a price moves it, from any connection; a run's writes do not", async ({
      open,
    }) => {
      const store = await open();
      const other = await open();
      const moves: boolean[] = [];
      const step = async (write: () => Promise<unknown>) => {
        const before = await store.contextVersion();
        await write();
        moves.push((await store.contextVersion()) !== before);
      };
      const guild = await store.guilds.create({ name: "g" });
      const agent = await store.agents.create({
        guildId: guild.id,
        name: "a",
        modelProvider: "scripted",
        modelName: "m",
      });
      await step(() => store.agents.update(agent.id, { maxToolCalls: 7 }));
      await step(() => other.secrets.set({ scope: "guild", guildId: guild.id }, { name: "K", value: "v" }));
      await step(() => store.secrets.set({ scope: "agent", agentId: agent.id }, { name: "K", value: "w" }));
      await step(() => other.repositories.create({ guildId: guild.id, name: "api", localPath: "/srv/api" }));
      await step(() =>
        other.modelPrices.set("m", {
          input_usd_per_million: 1,
          output_usd_per_million: 2,
          cached_input_usd_per_million: 0.5,
        }),
      );
      await step(async () => {
        const run = await store.runs.create({ agentId: agent.id });
        await store.messages.append(run.id, { role: "operator", content: "hello" });
      });
      expect(moves).toEqual([true, true, true, true, true, false]);
    });

    test("a price is read once, and again after it is set or deleted", async ({ open }) => {
      const store = await open();
      const price = {
        input_usd_per_million: 1,
        output_usd_per_million: 2,
        cached_input_usd_per_million: 0.5,
      };
      expect(await store.modelPrices.get("m")).toBeUndefined();
      await store.modelPrices.set("m", price);
      expect((await store.modelPrices.get("m"))?.price).toEqual(price);
      await store.modelPrices.set("m", { ...price, input_usd_per_million: 3 });
      expect((await store.modelPrices.get("m"))?.price.input_usd_per_million).toBe(3);
      await store.modelPrices.delete("m");
      expect(await store.modelPrices.get("m")).toBeUndefined();
    });
  });
}
