import { expect } from "vitest";
import { DEFAULT_MODEL_PRICES } from "../../src/prices/defaultPrices.ts";
import { appTest as test } from "./appFixture.ts";

const sonnet = DEFAULT_MODEL_PRICES["claude-sonnet-4-5"];
const local = { input_usd_per_million: 0.1, output_usd_per_million: 0.4, cached_input_usd_per_million: 0 };

test("GET /api/prices lists the defaults for the models the README names, USD per million tokens", async ({
  fixture: { call },
}) => {
  const answer = await call("GET", "/api/prices");
  expect(answer.status).toBe(200);
  expect((await answer.json()).prices).toEqual([
    {
      model: "claude-sonnet-4-5",
      input_usd_per_million: 3,
      output_usd_per_million: 15,
      cached_input_usd_per_million: 0.3,
      source: "default",
      updated_at: null,
    },
    {
      model: "gpt-5",
      input_usd_per_million: 1.25,
      output_usd_per_million: 10,
      cached_input_usd_per_million: 0.125,
      source: "default",
      updated_at: null,
    },
  ]);
});

test("PUT sets a model's price, over its default or for a model without one; DELETE takes it back", async ({
  fixture: { call, store },
}) => {
  const raised = { ...sonnet, output_usd_per_million: 20 };
  const set = await call("PUT", "/api/prices/claude-sonnet-4-5", raised);
  expect(set.status).toBe(200);
  expect(await set.json()).toMatchObject({ model: "claude-sonnet-4-5", ...raised, source: "operator" });
  const added = await call("PUT", `/api/prices/${encodeURIComponent("qwen3:8b")}`, local);
  expect(await added.json()).toMatchObject({ model: "qwen3:8b", ...local, source: "operator" });

  const listed = (await (await call("GET", "/api/prices")).json()).prices;
  expect(listed).toEqual([
    expect.objectContaining({ model: "claude-sonnet-4-5", output_usd_per_million: 20, source: "operator" }),
    expect.objectContaining({ model: "gpt-5", source: "default" }),
    expect.objectContaining({ model: "qwen3:8b", ...local, source: "operator" }),
  ]);
  expect((await store.modelPrices.get("qwen3:8b"))?.price).toEqual(local);

  const deleted = await call("DELETE", "/api/prices/claude-sonnet-4-5");
  expect(deleted.status).toBe(200);
  expect((await deleted.json()).prices).toEqual([
    expect.objectContaining({ model: "claude-sonnet-4-5", ...sonnet, source: "default", updated_at: null }),
    expect.objectContaining({ model: "gpt-5" }),
    expect.objectContaining({ model: "qwen3:8b" }),
  ]);
  const again = await call("DELETE", "/api/prices/claude-sonnet-4-5");
  expect(again.status).toBe(404);
  expect((await again.json()).error).toEqual({
    code: "price.not_found",
    message:
      'No price of yours for the model "claude-sonnet-4-5"; GET /api/prices lists them (a default cannot be deleted, only set).',
  });
});

test("a bad price or model name is refused, saying what is wrong; nothing is stored", async ({
  fixture: { call, store },
}) => {
  const negative = await call("PUT", "/api/prices/gpt-5", { ...local, input_usd_per_million: -1 });
  expect(negative.status).toBe(400);
  const { error } = await negative.json();
  expect(error?.code).toBe("request.invalid");
  expect(String(error?.message)).toContain("input_usd_per_million cannot be negative");

  const perToken = await call("PUT", "/api/prices/gpt-5", { ...local, output_usd_per_million: 15_000 });
  expect(String((await perToken.json()).error?.message)).toContain(
    "output_usd_per_million is above 10000 USD per million tokens: prices are per million tokens, not per token or per thousand",
  );
  const missing = await call("PUT", "/api/prices/gpt-5", { input_usd_per_million: 1 });
  expect(String((await missing.json()).error?.message)).toContain(
    "output_usd_per_million must be a number of US dollars per million tokens",
  );

  const spaced = await call("PUT", `/api/prices/${encodeURIComponent(" gpt-5")}`, local);
  expect(spaced.status).toBe(400);
  expect((await spaced.json()).error).toEqual({
    code: "price.model_invalid",
    message:
      'A model name must be 1 to 200 characters, without leading or trailing spaces or control characters, as the agent\'s model gives it (claude-sonnet-4-5); got " gpt-5".',
  });
  expect(await store.modelPrices.list()).toEqual([]);
});

test("the price table is the server's: a guild's or an agent's token is refused it", async ({
  fixture: { call, store },
}) => {
  const guild = await (await call("POST", "/api/guilds", { name: "acme" })).json();
  const agent = await (
    await call("POST", `/api/guilds/${guild.id}/agents`, {
      name: "dev",
      model: { provider: "scripted", name: "s" },
    })
  ).json();
  const scoped = [
    (await store.tokens.create("acme-ci", { kind: "guild", guildId: String(guild.id) })).token,
    (
      await store.tokens.create("acme-dev", {
        kind: "agent",
        guildId: String(guild.id),
        agentId: String(agent.id),
      })
    ).token,
  ];
  for (const token of scoped) {
    const headers = { Authorization: `Bearer ${token}` };
    for (const [method, body] of [["GET"], ["PUT", local], ["DELETE"]] as const) {
      const url = method === "GET" ? "/api/prices" : "/api/prices/gpt-5";
      const answer = await call(method, url, body, headers);
      expect(answer.status, method).toBe(403);
      expect((await answer.json()).error?.code).toBe("auth.forbidden");
    }
  }
  expect(await store.modelPrices.list()).toEqual([]);
});
