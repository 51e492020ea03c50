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

export function authHeaders(): Record<string, string> {
  const token = readOperatorToken();
  return token === null ? {} : { Authorization: `Bearer ${token}` };
}

/** One JSON call to the orchestrator's API, with the operator's token; throws ApiError on a refusal. */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        ...authHeaders(),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(
      0,
      "network",
      `The server did not answer (${String(error)}). Is \`npm start\` running?`,
    );
  }
  if (response.ok) return (await response.json()) as T;
  throw await apiErrorOf(response);
}

export async function apiErrorOf(response: Response): Promise<ApiError> {
  let code: ReceivedErrorCode = `http.${response.status}`;
  let message = `${response.status} ${response.statusText}`;
  try {
    const answer = ApiErrorBody.safeParse(await response.json());
    if (answer.success) ({ code, message } = answer.data.error);
  } catch {
    // Not JSON: keep the status line.
  }
  if (response.status === 401) {
    forgetOperatorToken();
    onUnauthorized();
  }
  return new ApiError(response.status, code, message);
}
