import { isIP } from "node:net";
import type { HttpBindings } from "@hono/node-server";
import type { MiddlewareHandler } from "hono";
import { errorResponse } from "../errorHandler.ts";

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The Host a request names must be one of the server's (a page of another site whose name was
 * pointed at this server, DNS rebinding, gets 421): localhost, 127.0.0.1 and [::1] always; the
 * address the connection reached, written as an address (only a name can be rebound); the names of
 * GUILDS_ALLOWED_HOSTS, or any with "*".
 */
export function checkHost(allowedHosts: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedHosts);
  if (allowed.has("*")) return (_c, next) => next();
  return async (c, next) => {
    // Built from the Host header, or from the request line's absolute URL when it has one.
    const host = new URL(c.req.url).hostname.replace(/\.$/, "");
    // app.request() in a test has no connection: its names are checked alone.
    const connection = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket;
    if (LOOPBACK_NAMES.has(host) || allowed.has(host) || isLocalAddress(host, connection?.localAddress))
      return next();
    return errorResponse(
      c,
      "request.wrong_host",
      `This server does not answer to the host name ${host}: add it to GUILDS_ALLOWED_HOSTS (comma-separated names) on the server, or reach it by an address or name that is there.`,
    );
  };
}

function isLocalAddress(host: string, localAddress: string | undefined): boolean {
  if (localAddress === undefined) return false;
  const address = host.startsWith("[") ? host.slice(1, -1) : host;
  if (isIP(address) === 0) return false;
  return address === localAddress || `::ffff:${address}` === localAddress;
}
