import type { MiddlewareHandler } from "hono";

/**
 * Hono answers HEAD with its GET route's headers and drops the body, without cancelling it: an
 * event stream's would stay subscribed to its run. Cancelled here, the stream ends at once.
 */
export const cancelHeadBodies: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.req.method === "HEAD") await c.res.body?.cancel();
};
