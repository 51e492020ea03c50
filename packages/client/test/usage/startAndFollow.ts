// What a user of @guilds/client writes, compiled by strictCompile.test.ts with tsc --strict: it must
// type-check as it is, and each @ts-expect-error must be an error the generated types catch.
import { allPages } from "@guilds/client/allPages";
import type { Run } from "@guilds/client/apiTypes";
import { followRun } from "@guilds/client/followRun";
import { createGuildsClient } from "@guilds/client/guildsClient";

export async function startAndFollow(agentId: string, token: string): Promise<Run["status"]> {
  const client = createGuildsClient({ baseUrl: "http://127.0.0.1:7777", token });
  const run: Run = await client.answer(
    client.POST("/api/agents/{agentId}/runs", {
      params: { path: { agentId } },
      body: { message: "Fix the build" },
    }),
  );
  for await (const event of followRun(client, run.id)) {
    if (event.data.type === "tool.finished") console.log(event.data.name, event.data.status);
    if (event.data.type === "run.ended") return event.data.status;
  }
  return "running";
}

export async function refusedAtCompileTime(client: ReturnType<typeof createGuildsClient>): Promise<void> {
  await client.POST("/api/agents/{agentId}/runs", {
    params: { path: { agentId: "a" } },
    // @ts-expect-error: a run's body is { message }, not { text }.
    body: { text: "x" },
  });
  // @ts-expect-error: no such route.
  await client.GET("/api/nowhere");
  // @ts-expect-error: the path parameter is missing.
  await client.GET("/api/runs/{runId}", {});
  const guilds = await client.answer(client.GET("/api/guilds"));
  // @ts-expect-error: a guild has no status.
  guilds.guilds[0]?.status;
  for await (const page of allPages((cursor) =>
    client.answer(client.GET("/api/guilds", { params: { query: { cursor, limit: 10 } } })),
  )) {
    page.guilds.map((guild) => guild.name.length);
  }
}
