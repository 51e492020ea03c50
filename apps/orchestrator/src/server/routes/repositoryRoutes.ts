import { CreateRepositoryBody } from "@guilds/protocol/apiRequests";
import { DeletionView, RepositoryList, RepositoryView } from "@guilds/protocol/apiViews";
import { deleteRepository } from "../../deletion/deleteRepository.ts";
import { type ApiRoute, defineRoute, param } from "../apiRoute.ts";
import type { AppDeps } from "../appDeps.ts";
import { PAGE_QUERY, pageOf, pageRequest } from "../pagination.ts";
import { deletionView, repositoryView } from "../views.ts";

export function repositoryRoutes({ store }: AppDeps): ApiRoute[] {
  return [
    defineRoute({
      method: "post",
      path: "/api/guilds/{guildId}/repositories",
      summary: "Add a repository to a guild: a git URL (optional token) or a local path",
      body: CreateRepositoryBody,
      response: RepositoryView,
      status: 201,
      conflict: "The guild has a repository of that name",
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
      response: RepositoryList,
      query: PAGE_QUERY,
      handle: async ({ c, params }) => {
        const guild = await store.guilds.get(param(params, "guildId"));
        const request = pageRequest(c);
        const repositories = await store.repositories.list(guild.id, {
          after: request.after,
          limit: request.limit + 1,
        });
        const page = pageOf(repositories, request, (repository) => repository.name);
        return { repositories: page.rows.map(repositoryView), next_cursor: page.next_cursor };
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/repositories/{repositoryId}",
      summary: "Get a repository",
      response: RepositoryView,
      handle: async ({ params }) =>
        repositoryView(await store.repositories.get(param(params, "repositoryId"))),
    }),
    defineRoute({
      method: "delete",
      path: "/api/repositories/{repositoryId}",
      summary:
        "Delete a repository and its token; the clones in the agents' homes stay. Refused while a run of the guild is in progress",
      response: DeletionView,
      conflict: "A run of the guild is in progress (repository.in_use): cancel it or let it end",
      handle: async ({ params }) =>
        deletionView(await deleteRepository(store, param(params, "repositoryId"))),
    }),
  ];
}
