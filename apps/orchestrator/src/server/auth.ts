import type { MiddlewareHandler } from "hono";
import type { TokenScope, TokenStore } from "../store/tokenStore.ts";
import { errorResponse } from "./errorHandler.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** The scope of the request's bearer token (requireBearerToken). */
    tokenScope: TokenScope;
  }
}

const HOW_TO_GET_ONE = "Create one on the server's host with `npx guilds token create <name>`";

/** Every /api route but the OpenAPI document needs `Authorization: Bearer <token>`. */
export function requireBearerToken(tokens: Pick<TokenStore, "verify">): MiddlewareHandler {
  return async (c, next) => {
    const header = c.req.header("Authorization");
    if (header === undefined) {
      return errorResponse(
        c,
        "auth.missing",
        `This API needs an operator token: send Authorization: Bearer <token>. ${HOW_TO_GET_ONE}.`,
      );
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const token = match?.[1] === undefined ? undefined : await tokens.verify(match[1]);
    if (token === undefined) {
      return errorResponse(
        c,
        "auth.invalid",
        `The bearer token is not valid (revoked, mistyped or from another server). ${HOW_TO_GET_ONE}, and send Authorization: Bearer <token>.`,
      );
    }
    c.set("tokenScope", token.scope);
    return next();
  };
}
