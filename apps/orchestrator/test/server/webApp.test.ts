import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, expect, test } from "vitest";
import { serveWebApp } from "../../src/server/webApp.ts";

const parent = mkdtempSync(path.join(tmpdir(), "guilds-web-"));
const folder = path.join(parent, "dist");
mkdirSync(path.join(folder, "assets"), { recursive: true });
writeFileSync(path.join(folder, "index.html"), "<!doctype html><div id=root></div>");
writeFileSync(path.join(folder, "assets", "app-1a2b.js"), "console.log(1)");
writeFileSync(path.join(parent, "secret.txt"), "not served");
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const app = new Hono().get("*", serveWebApp(folder));
const get = (url: string) => app.request(`http://localhost${url}`);

test("a built file is served with its type; hashed assets are cached for good, index.html never", async () => {
  const asset = await get("/assets/app-1a2b.js");
  expect(asset.status).toBe(200);
  expect(asset.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
  expect(asset.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  expect(await asset.text()).toBe("console.log(1)");
  const index = await get("/");
  expect(index.headers.get("Cache-Control")).toBe("no-cache");
  expect(await index.text()).toContain("<div id=root>");
});

test("a hashed script is sent compressed as the client accepts, the same bytes each time, again after a rebuild", async () => {
  const script = path.join(folder, "assets", "boot-9f8e.js");
  const first = `const rows = [${Array.from({ length: 400 }, (_, index) => `"row ${index}"`).join(",")}];`;
  writeFileSync(script, first);
  const asked = (encoding: string | null) =>
    app.request("http://localhost/assets/boot-9f8e.js", {
      headers: encoding === null ? {} : { "Accept-Encoding": encoding },
    });
  for (let round = 0; round < 2; round += 1) {
    const brotli = await asked("gzip, deflate, br");
    expect(brotli.headers.get("Content-Encoding")).toBe("br");
    expect(brotli.headers.get("Vary")).toBe("Accept-Encoding");
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(first);
    const gzip = await asked("gzip");
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(first);
    const raw = await asked(null);
    expect(raw.headers.get("Content-Encoding")).toBeNull();
    expect(await raw.text()).toBe(first);
  }
  const rebuilt = `${first}\nconsole.log(rows.length);`;
  writeFileSync(script, rebuilt);
  const again = await asked("br");
  expect(brotliDecompressSync(Buffer.from(await again.arrayBuffer())).toString()).toBe(rebuilt);
});

test("the app's own routes get index.html, so a reload of /runs/<id> works", async () => {
  const page = await get("/runs/r-123?call=c1&view=log");
  expect(page.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  expect(await page.text()).toContain("<div id=root>");
});

test("a path that climbs out of the folder gets index.html, never the file", async () => {
  for (const url of ["/../secret.txt", "/assets/..%2f..%2fsecret.txt", "/%2e%2e/secret.txt"]) {
    const text = await (await get(url)).text();
    expect(text, url).not.toContain("not served");
    expect(text, url).toContain("<div id=root>");
  }
});

test("without a build, every page says how to build the app", async () => {
  const bare = new Hono().get("*", serveWebApp(null));
  const text = await (await bare.request("http://localhost/agents/a1")).text();
  expect(text).toContain("the web app is not built: run <code>npm run build</code>");
});
