import { CreateGuildBody } from "@guilds/protocol/apiRequests";
import { DeletionView, GuildList, GuildView } from "@guilds/protocol/apiViews";
import { deleteGuild } from "../../deletion/deleteGuild.ts";
import { type ApiRoute, defineRoute, param } from "../apiRoute.ts";
import type { AppDeps } from "../appDeps.ts";
import { PAGE_QUERY, pageOf, pageRequest } from "../pagination.ts";
import { deletionView, guildView } from "../views.ts";

export function guildRoutes({ store }: AppDeps): ApiRoute[] {
  return [
    defineRoute({
      method: "post",
      path: "/api/guilds",
      summary: "Create a guild",
      body: CreateGuildBody,
      response: GuildView,
      status: 201,
      conflict: "A guild of that name exists",
      handle: async ({ body }) => guildView(await store.guilds.create({ name: body.name })),
    }),
    defineRoute({
      method: "get",
      path: "/api/guilds",
      summary: "List the guilds (a guild's or an agent's token: its guild alone)",
      response: GuildList,
      query: PAGE_QUERY,
      handle: async ({ c }) => {
        const scope = c.get("tokenScope");
        const request = pageRequest(c);
        if (scope.kind !== "operator") {
          const guild = await store.guilds.get(scope.guildId);
          const seen = request.after === undefined || guild.name > request.after ? [guild] : [];
          return { guilds: seen.map(guildView), next_cursor: null };
        }
        const guilds = await store.guilds.list({ after: request.after, limit: request.limit + 1 });
        const page = pageOf(guilds, request, (guild) => guild.name);
        return { guilds: page.rows.map(guildView), next_cursor: page.next_cursor };
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/guilds/{guildId}",
      summary: "Get a guild",
      response: GuildView,
      handle: async ({ params }) => guildView(await store.guilds.get(param(params, "guildId"))),
    }),
    defineRoute({
      method: "delete",
      path: "/api/guilds/{guildId}",
      summary: "Delete a guild with its repositories, secrets and notes; refused while it has agents",
      response: DeletionView,
      conflict: "The guild has agents (guild.not_empty): delete them first",
      handle: async ({ params }) => deletionView(await deleteGuild(store, param(params, "guildId"))),
    }),
  ];
}
