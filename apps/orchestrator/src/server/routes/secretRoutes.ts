import { SetSecretBody } from "@guilds/protocol/apiRequests";
import { SecretDeletionView, SecretList, SecretView } from "@guilds/protocol/apiViews";
import { GuildsError } from "@guilds/protocol/guildsError";
import type { SecretOwner } from "../../store/secretStore.ts";
import { type ApiRoute, defineRoute, param } from "../apiRoute.ts";
import type { AppDeps } from "../appDeps.ts";
import { PAGE_QUERY, pageOf, pageRequest } from "../pagination.ts";
import { secretView } from "../views.ts";

/** Secrets are write-only: set and delete by name, list names and aliases, never a value. */
export function secretRoutes({ store }: AppDeps): ApiRoute[] {
  const owners: { scope: string; prefix: string; idParam: string; ownerOf: (id: string) => SecretOwner }[] = [
    {
      scope: "guild",
      prefix: "/api/guilds/{guildId}",
      idParam: "guildId",
      ownerOf: (guildId) => ({ scope: "guild", guildId }),
    },
    {
      scope: "agent",
      prefix: "/api/agents/{agentId}",
      idParam: "agentId",
      ownerOf: (agentId) => ({ scope: "agent", agentId }),
    },
  ];
  return owners.flatMap(({ scope, prefix, idParam, ownerOf }) => [
    defineRoute({
      method: "put",
      path: `${prefix}/secrets/{name}`,
      summary: `Set a secret of the ${scope} (its value is never returned)`,
      body: SetSecretBody,
      response: SecretView,
      handle: async ({ params, body }) => {
        const owner = ownerOf(param(params, idParam));
        const input = { name: param(params, "name"), value: body.value };
        const summary = await store.secrets.set(
          owner,
          body.aliases === undefined ? input : { ...input, aliases: body.aliases },
        );
        return secretView(summary);
      },
    }),
    defineRoute({
      method: "get",
      path: `${prefix}/secrets`,
      summary: `List the ${scope}'s secrets: names and aliases only`,
      response: SecretList,
      query: PAGE_QUERY,
      handle: async ({ c, params }) => {
        const request = pageRequest(c);
        const secrets = await store.secrets.list(ownerOf(param(params, idParam)), {
          after: request.after,
          limit: request.limit + 1,
        });
        const page = pageOf(secrets, request, (secret) => secret.name);
        return { secrets: page.rows.map(secretView), next_cursor: page.next_cursor };
      },
    }),
    defineRoute({
      method: "delete",
      path: `${prefix}/secrets/{name}`,
      summary: `Delete a secret of the ${scope}`,
      response: SecretDeletionView,
      handle: async ({ params }) => {
        const name = param(params, "name");
        const secrets = await store.secrets.list(ownerOf(param(params, idParam)));
        const secret = secrets.find((candidate) => candidate.name === name);
        if (secret === undefined) {
          throw new GuildsError(
            "secret.not_found",
            `No secret ${JSON.stringify(name)} here; GET ${prefix.replace(`{${idParam}}`, param(params, idParam))}/secrets lists them.`,
          );
        }
        await store.secrets.delete(secret.id);
        return { deleted: name };
      },
    }),
  ]);
}
