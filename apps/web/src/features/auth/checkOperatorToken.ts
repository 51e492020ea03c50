import { ApiError, apiErrorOf } from "../../api/apiClient.ts";

/**
 * Asks the server whether it takes `token` (GET /api/guilds with it), before the app keeps it:
 * resolves when it does, throws the server's ApiError (its message says why) when it does not.
 */
export async function checkOperatorToken(token: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch("/api/guilds", { headers: { Authorization: `Bearer ${token}` } });
  } catch (error) {
    throw new ApiError(
      0,
      "network",
      `The server did not answer (${String(error)}). Is \`npm start\` running?`,
    );
  }
  if (!response.ok) throw await apiErrorOf(response);
}
