import { cors } from "hono/cors";

/**
 * GUILDS_CORS_ORIGINS: pages of these origins may call the API and /mcp with a token (their
 * preflights answered here, before the token is asked for). Others get no Access-Control header,
 * so their browser keeps the answer from them.
 */
export function allowOrigins(origins: readonly string[]) {
  return cors({
    origin: (origin) => (origins.includes(origin) ? origin : null),
    allowMethods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    allowHeaders: [
      "Authorization",
      "Content-Type",
      "Last-Event-ID",
      "Mcp-Session-Id",
      "Mcp-Protocol-Version",
    ],
    exposeHeaders: ["Mcp-Session-Id", "Allow"],
    maxAge: 600,
  });
}
