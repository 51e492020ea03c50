import { type ApiRoute, defineRoute, param } from "../apiRoute.ts";
import type { AppDeps } from "../appDeps.ts";
import { CreateGuildBody } from "../requestSchemas.ts";
import { guildView } from "../views.ts";

export function guildRoutes({ store }: AppDeps): ApiRoute[] {
  return [
    defineRoute({
      method: "post",
      path: "/api/guilds",
      summary: "Create a guild",
      body: CreateGuildBody,
      status: 201,
      handle: async ({ body }) => guildView(await store.guilds.create({ name: body.name })),
    }),
    defineRoute({
      method: "get",
      path: "/api/guilds",
      summary: "List the guilds",
      handle: async () => ({ guilds: (await store.guilds.list()).map(guildView) }),
    }),
    defineRoute({
      method: "get",
      path: "/api/guilds/{guildId}",
      summary: "Get a guild",
      handle: async ({ params }) => guildView(await store.guilds.get(param(params, "guildId"))),
    }),
  ];
}
