import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { parseAccept } from "hono/utils/accept";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

/** Below this a compressed answer saves less than its headers cost. */
export const MIN_BYTES = 1024;
/**
 * Brotli's qualities: an answer made at each request is compressed fast (a run's snapshot of 2.4 MB
 * of JSON: quality 1 in ~4 ms, 5 in ~20 ms, for 122 KB against 94 KB), a built file once (assetCache)
 * and better. The default (11) takes about a second on the web app's 550 KB script.
 */
export const BROTLI_ANSWER_QUALITY = 1;
export const BROTLI_FILE_QUALITY = 5;

export const compressors = {
  br: (data: Buffer, quality = BROTLI_ANSWER_QUALITY) =>
    promisify(brotliCompress)(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gzip: (data: Buffer) => promisify(gzip)(data),
};

/**
 * Compresses text and JSON answers with brotli or gzip, as Accept-Encoding allows (hono's own
 * compress has no brotli). Never an event stream: text/event-stream is not in the type filter, and
 * each event must reach its subscriber as it is written. The answers compressed are whole files and
 * JSON documents, read to the end here, so the small ones can be left as they are.
 */
export const compressAnswers: MiddlewareHandler = async (c, next) => {
  await next();
  const { res } = c;
  const type = res.headers.get("Content-Type");
  if (
    c.req.method === "HEAD" ||
    res.body === null ||
    res.headers.has("Content-Encoding") ||
    type === null ||
    !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
    /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get("Cache-Control") ?? "")
  )
    return;
  varyOnEncoding(res.headers);
  const encoding = encodingFor(c.req.header("Accept-Encoding"));
  if (encoding === undefined) return;
  const body = Buffer.from(await res.arrayBuffer());
  if (body.length < MIN_BYTES) {
    c.res = new Response(body, res);
    return;
  }
  c.res = new Response(await compressors[encoding](body), res);
  c.res.headers.delete("Content-Length");
  c.res.headers.set("Content-Encoding", encoding);
};

/** Says that the answer depends on Accept-Encoding (caches keep one per encoding). */
export function varyOnEncoding(headers: Headers): void {
  const vary = headers.get("Vary");
  if (!/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? ""))
    headers.set("Vary", vary === null ? "Accept-Encoding" : `${vary}, Accept-Encoding`);
}

/** br when the client takes it, else gzip, else none; `q=0` refuses an encoding. */
export function encodingFor(acceptEncoding: string | undefined): keyof typeof compressors | undefined {
  if (acceptEncoding === undefined) return undefined;
  const accepted = parseAccept(acceptEncoding);
  const weight = (name: string) =>
    (
      accepted.find((entry) => entry.type.toLowerCase() === name) ??
      accepted.find((entry) => entry.type === "*")
    )?.q ?? 0;
  if (weight("br") > 0 && weight("br") >= weight("gzip")) return "br";
  return weight("gzip") > 0 ? "gzip" : undefined;
}
