import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Context } from "hono";
import { AssetCache } from "./assetCache.ts";
import { WEB_APP_MISSING_PAGE } from "./homePage.ts";
import { encodingFor, varyOnEncoding } from "./middleware/compression.ts";

const require = createRequire(import.meta.url);

/** apps/web/dist, found through the @guilds/web workspace link (from src and from the CLI bundle); null when not built. */
export function builtWebApp(): string | null {
  try {
    const folder = path.join(path.dirname(require.resolve("@guilds/web/package.json")), "dist");
    return existsSync(path.join(folder, "index.html")) ? folder : null;
  } catch {
    return null;
  }
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".woff2": "font/woff2",
  ".map": "application/json",
};

/**
 * Serves the built web app: a file of `folder` when the path names one, else index.html (the app's
 * routes live in the browser). Vite's hashed assets are cached for good; index.html never is.
 */
export function serveWebApp(folder: string | null) {
  const assets = new AssetCache();
  return async (c: Context): Promise<Response> => {
    if (folder === null) return c.html(WEB_APP_MISSING_PAGE);
    const wanted = safeJoin(folder, decodeURIComponent(c.req.path));
    const found = wanted === null ? null : await fileStats(wanted);
    const file = wanted !== null && found !== null ? wanted : path.join(folder, "index.html");
    const contentType = CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream";
    if (found === null || !file.startsWith(path.join(folder, "assets") + path.sep)) {
      return c.body(await readFile(file), 200, { "Content-Type": contentType, "Cache-Control": "no-cache" });
    }
    // Hashed: never changes under its name. Compressed here once, so the answer middleware leaves it.
    const compressible = COMPRESSIBLE.has(path.extname(file));
    const { body, encoding } = await assets.read(
      file,
      found,
      compressible ? (encodingFor(c.req.header("Accept-Encoding")) ?? null) : null,
    );
    const headers = new Headers({
      "Content-Type": contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
    });
    if (compressible) varyOnEncoding(headers);
    if (encoding !== null) headers.set("Content-Encoding", encoding);
    return new Response(new Uint8Array(body), { status: 200, headers });
  };
}

/** The assets worth compressing (text); images and fonts are compressed already. */
const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json", ".map", ".html"]);

/** `relative` inside `folder`, or null when it would leave it. */
function safeJoin(folder: string, relative: string): string | null {
  const joined = path.resolve(folder, `.${path.posix.normalize(`/${relative}`)}`);
  return joined === folder || joined.startsWith(folder + path.sep) ? joined : null;
}

async function fileStats(file: string): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}
