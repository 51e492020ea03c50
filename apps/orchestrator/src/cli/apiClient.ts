import { createGuildsClient, type GuildsClient } from "@guilds/client/guildsClient";
import { ApiErrorBody } from "@guilds/protocol/apiErrorBody";
import { isErrorCode } from "@guilds/protocol/errorCodes";
import { GuildsError } from "@guilds/protocol/guildsError";

const DEFAULT_URL = "http://127.0.0.1:7777";

/**
 * The running server's API (@guilds/client): GUILDS_URL (default http://127.0.0.1:7777) with
 * GUILDS_TOKEN. A failed call throws a GuildsError with the server's code and message.
 */
export function apiClientFromEnvironment(environment: NodeJS.ProcessEnv): GuildsClient {
  const baseUrl = (environment.GUILDS_URL?.trim() || DEFAULT_URL).replace(/\/+$/, "");
  const token = environment.GUILDS_TOKEN?.trim();
  if (!token) {
    throw new GuildsError(
      "cli.usage",
      "set GUILDS_TOKEN to an operator token: create one with `npx guilds token create <name>` on the server's host.",
    );
  }
  return createGuildsClient({
    baseUrl,
    token,
    errors: {
      refused: errorOf,
      unreachable: (caught) =>
        new GuildsError(
          "server.unreachable",
          `No guilds server answers at ${baseUrl} (${causeOf(caught)}); start it with \`npm start\` (or \`npx guilds serve\`), or set GUILDS_URL.`,
        ),
    },
  });
}

function errorOf(response: Response, body: unknown): GuildsError {
  const answer = ApiErrorBody.safeParse(body);
  if (answer.success && isErrorCode(answer.data.error.code)) {
    return new GuildsError(answer.data.error.code, answer.data.error.message);
  }
  const text = typeof body === "string" ? body : (JSON.stringify(body) ?? "");
  return new GuildsError(
    "server.unexpected_answer",
    `The server answered ${response.status} ${response.statusText}: ${text.slice(0, 200)}; check GUILDS_URL.`,
  );
}

function causeOf(caught: unknown): string {
  if (caught instanceof Error && caught.cause instanceof Error) return caught.cause.message;
  return caught instanceof Error ? caught.message : String(caught);
}
