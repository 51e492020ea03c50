import createClient, { type Client } from "openapi-fetch";
import { ApiRefusal } from "./apiRefusal.ts";
import type { paths } from "./generated/api.ts";

/** What a failed call throws: each caller words its own (the CLI a GuildsError, the web app an ApiError). */
export interface ClientErrors {
  /** An answer that is not 2xx; `body` is its JSON, else its text. */
  refused(response: Response, body: unknown): Error;
  /** No answer at all: fetch itself failed (never called for an aborted request). */
  unreachable(cause: unknown): Error;
}

export interface GuildsClientOptions {
  /** The server, e.g. http://127.0.0.1:7777; "" in a browser for the page's own server. */
  baseUrl: string;
  /** The bearer token; a function is asked at each request, and null sends none. */
  token: string | (() => string | null);
  errors?: Partial<ClientErrors>;
}

/**
 * The API's calls, typed from its OpenAPI document (openapi-fetch): `client.GET("/api/guilds")`,
 * with what the event streams and `answer` need beside them.
 */
export interface GuildsClient extends Client<paths> {
  readonly baseUrl: string;
  readonly errors: ClientErrors;
  /** The Authorization header, for a request made outside openapi-fetch (an event stream). */
  authorization(): Record<string, string>;
  /** A call's data, or what `errors` makes of its failure, thrown. */
  answer<Data>(pending: Promise<{ data?: Data; error?: unknown; response: Response }>): Promise<Data>;
}

export function createGuildsClient(options: GuildsClientOptions): GuildsClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const errors: ClientErrors = {
    refused: options.errors?.refused ?? ApiRefusal.of,
    unreachable:
      options.errors?.unreachable ?? ((cause) => (cause instanceof Error ? cause : new Error(String(cause)))),
  };
  const authorization = (): Record<string, string> => {
    const token = typeof options.token === "function" ? options.token() : options.token;
    return token === null ? {} : { Authorization: `Bearer ${token}` };
  };
  const client = createClient<paths>({
    baseUrl,
    // Looked up at each call: a page (or a test) may wrap fetch after the client is made.
    fetch: (request) => globalThis.fetch(request),
  });
  client.use({
    onRequest({ request }) {
      for (const [name, value] of Object.entries(authorization())) request.headers.set(name, value);
      return request;
    },
  });
  return Object.assign(client, {
    baseUrl,
    errors,
    authorization,
    async answer<Data>(pending: Promise<{ data?: Data; error?: unknown; response: Response }>) {
      let result: Awaited<typeof pending>;
      try {
        result = await pending;
      } catch (caught) {
        if (isAbort(caught)) throw caught;
        throw errors.unreachable(caught);
      }
      if (!result.response.ok) throw errors.refused(result.response, result.error);
      return result.data as Data;
    },
  });
}

export function isAbort(caught: unknown): boolean {
  return caught instanceof Error && caught.name === "AbortError";
}
