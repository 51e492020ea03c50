import { createGuildsClient } from "@guilds/client/guildsClient";
import { ApiErrorBody, type ReceivedErrorCode } from "@guilds/protocol/apiErrorBody";
import { forgetOperatorToken, readOperatorToken } from "./operatorToken.ts";

/**
 * An answer of the API that is not 2xx: its stable code and its message (what was wrong, how to fix
 * it). With no answer the code is "network"; with an answer that is no error body, http.<status>.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ReceivedErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Called when the server refuses the token (401): the app shows its sign-in page again. */
let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/**
 * The orchestrator's API (@guilds/client), with the operator's token:
 * `answer(guildsApi.GET("/api/guilds"))` is the data, or throws the ApiError of a refusal.
 */
export const guildsApi = createGuildsClient({
  baseUrl: "",
  token: readOperatorToken,
  errors: { refused: refusalOf, unreachable: unreachableError },
});
export const answer = guildsApi.answer;

export function unreachableError(error: unknown): ApiError {
  return new ApiError(
    0,
    "network",
    `The server did not answer (${String(error)}). Is \`npm start\` running?`,
  );
}

export async function apiErrorOf(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // Not JSON: the status line says it.
  }
  return refusalOf(response, body);
}

export function refusalOf(response: Response, body: unknown): ApiError {
  let code: ReceivedErrorCode = `http.${response.status}`;
  let message = `${response.status} ${response.statusText}`;
  const answer = ApiErrorBody.safeParse(body);
  if (answer.success) ({ code, message } = answer.data.error);
  if (response.status === 401) {
    forgetOperatorToken();
    onUnauthorized();
  }
  return new ApiError(response.status, code, message);
}
