import { expect } from "vitest";
import { appTest as test } from "./appFixture.ts";

const GUILD_VALUE = "guild-secret-value-9f3a1c";
const AGENT_VALUE = "agent-secret-value-7b2e4d";

test("secrets are write-only: a value set never appears in any answer", async ({ fixture: { call } }) => {
  const answers: string[] = [];
  const record = async (response: Response) => {
    const text = await response.text();
    answers.push(text);
    return { status: response.status, json: text === "" ? undefined : JSON.parse(text) };
  };
  const guild = (await record(await call("POST", "/api/guilds", { name: "acme" }))).json;
  const agent = (
    await record(
      await call("POST", `/api/guilds/${guild.id}/agents`, {
        name: "coder",
        model: { provider: "scripted", name: "s" },
      }),
    )
  ).json;

  const setGuild = await record(
    await call("PUT", `/api/guilds/${guild.id}/secrets/API_KEY`, { value: GUILD_VALUE }),
  );
  expect(setGuild.status).toBe(200);
  expect(setGuild.json).toMatchObject({ scope: "guild", name: "API_KEY", aliases: [] });
  await record(
    await call("PUT", `/api/agents/${agent.id}/secrets/DEPLOY_TOKEN`, {
      value: AGENT_VALUE,
      aliases: ["GH_DEPLOY"],
    }),
  );
  const guildList = await record(await call("GET", `/api/guilds/${guild.id}/secrets`));
  expect(guildList.json.secrets.map((secret: { name: string }) => secret.name)).toEqual(["API_KEY"]);
  const agentList = await record(await call("GET", `/api/agents/${agent.id}/secrets`));
  expect(agentList.json.secrets).toMatchObject([{ name: "DEPLOY_TOKEN", aliases: ["GH_DEPLOY"] }]);
  await record(await call("GET", `/api/agents/${agent.id}`));
  await record(await call("GET", `/api/guilds/${guild.id}`));

  const invalid = await record(
    await call("PUT", `/api/guilds/${guild.id}/secrets/lower-case`, { value: "v" }),
  );
  expect(invalid.status).toBe(400);
  expect(invalid.json.error.code).toBe("secret.name_invalid");

  const deleted = await record(await call("DELETE", `/api/guilds/${guild.id}/secrets/API_KEY`));
  expect(deleted.json).toEqual({ deleted: "API_KEY" });
  const again = await record(await call("DELETE", `/api/guilds/${guild.id}/secrets/API_KEY`));
  expect(again.status).toBe(404);
  expect(again.json.error.message).toBe(
    `No secret "API_KEY" here; GET /api/guilds/${guild.id}/secrets lists them.`,
  );

  for (const answer of answers) {
    expect(answer).not.toContain(GUILD_VALUE);
    expect(answer).not.toContain(AGENT_VALUE);
  }
});
