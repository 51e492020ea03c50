import { createGuildsClient } from "@guilds/client/guildsClient";
import { refusalOf, unreachableError } from "../../api/apiClient.ts";

/**
 * Asks the server whether it takes `token` (GET /api/guilds with it), before the app keeps it:
 * resolves when it does, throws the server's ApiError (its message says why) when it does not.
 */
export async function checkOperatorToken(token: string): Promise<void> {
  const candidate = createGuildsClient({
    baseUrl: "",
    token,
    errors: { refused: refusalOf, unreachable: unreachableError },
  });
  await candidate.answer(candidate.GET("/api/guilds"));
}
