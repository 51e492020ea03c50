import type { MiddlewareHandler } from "hono";
import { errorResponse } from "../errorHandler.ts";

/**
 * A path whose percent-escapes are not UTF-8 (`/%E0%A4%A`) is the client's fault: 400 here, before
 * a route or the web app decodes it and fails with a 500.
 */
export const refuseMalformedPath: MiddlewareHandler = async (c, next) => {
  // The URL keeps the escapes as they came; c.req.path has decoded what it could.
  const rawPath = new URL(c.req.url).pathname;
  try {
    decodeURIComponent(rawPath);
  } catch {
    return errorResponse(
      c,
      "request.invalid",
      `The URL's path ${rawPath.slice(0, 200)} is not valid percent-encoding of UTF-8; encode each byte of the path as %XX.`,
    );
  }
  return next();
};
