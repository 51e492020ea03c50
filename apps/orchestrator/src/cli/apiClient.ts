import { ApiErrorBody } from "@guilds/protocol/apiErrorBody";
import { isErrorCode } from "@guilds/protocol/errorCodes";
import { GuildsError } from "@guilds/protocol/guildsError";

const DEFAULT_URL = "http://127.0.0.1:7777";

export interface ApiClient {
  readonly baseUrl: string;
  /** A JSON call; an error answer becomes a GuildsError with the server's code and message. */
  json<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** An SSE stream's response (status checked). */
  stream(path: string, lastEventId: number | undefined, signal: AbortSignal): Promise<Response>;
}

/** The running server's API: GUILDS_URL (default http://127.0.0.1:7777) with GUILDS_TOKEN. */
export function apiClientFromEnvironment(environment: NodeJS.ProcessEnv): ApiClient {
  const baseUrl = (environment.GUILDS_URL?.trim() || DEFAULT_URL).replace(/\/+$/, "");
  const token = environment.GUILDS_TOKEN?.trim();
  if (!token) {
    throw new GuildsError(
      "cli.usage",
      "set GUILDS_TOKEN to an operator token: create one with `npx guilds token create <name>` on the server's host.",
    );
  }
  const send = async (path: string, init: RequestInit): Promise<Response> => {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${token}`, ...init.headers },
      });
    } catch (caught) {
      if (init.signal?.aborted) throw caught;
      throw new GuildsError(
        "server.unreachable",
        `No guilds server answers at ${baseUrl} (${causeOf(caught)}); start it with \`npm start\` (or \`npx guilds serve\`), or set GUILDS_URL.`,
      );
    }
    if (!response.ok) throw await errorOf(response);
    return response;
  };
  return {
    baseUrl,
    async json<T>(method: string, path: string, body?: unknown) {
      const response = await send(path, {
        method,
        ...(body === undefined
          ? {}
          : { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }),
      });
      return (await response.json()) as T;
    },
    stream(path, lastEventId, signal) {
      return send(path, {
        signal,
        headers: {
          Accept: "text/event-stream",
          ...(lastEventId === undefined ? {} : { "Last-Event-ID": String(lastEventId) }),
        },
      });
    },
  };
}

async function errorOf(response: Response): Promise<GuildsError> {
  const text = await response.text();
  const body = ApiErrorBody.safeParse(parsedJson(text));
  if (body.success && isErrorCode(body.data.error.code)) {
    return new GuildsError(body.data.error.code, body.data.error.message);
  }
  return new GuildsError(
    "server.unexpected_answer",
    `The server answered ${response.status} ${response.statusText}: ${text.slice(0, 200)}; check GUILDS_URL.`,
  );
}

function causeOf(caught: unknown): string {
  if (caught instanceof Error && caught.cause instanceof Error) return caught.cause.message;
  return caught instanceof Error ? caught.message : String(caught);
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
