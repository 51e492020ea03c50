import { type ApiRoute, defineRoute, param } from "../apiRoute.ts";
import type { AppDeps } from "../appDeps.ts";
import { CreateRepositoryBody } from "../requestSchemas.ts";
import { repositoryView } from "../views.ts";

export function repositoryRoutes({ store }: AppDeps): ApiRoute[] {
  return [
    defineRoute({
      method: "post",
      path: "/api/guilds/{guildId}/repositories",
      summary: "Add a repository to a guild: a git URL (optional token) or a local path",
      body: CreateRepositoryBody,
      status: 201,
      handle: async ({ params, body }) => {
        const guildId = param(params, "guildId");
        const source =
          body.url !== undefined
            ? { url: body.url, ...(body.token === undefined ? {} : { token: body.token }) }
            : { localPath: body.local_path ?? "" };
        return repositoryView(await store.repositories.create({ guildId, name: body.name, ...source }));
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/guilds/{guildId}/repositories",
      summary: "List a guild's repositories",
      handle: async ({ params }) => {
        const guild = await store.guilds.get(param(params, "guildId"));
        return { repositories: (await store.repositories.list(guild.id)).map(repositoryView) };
      },
    }),
  ];
}
