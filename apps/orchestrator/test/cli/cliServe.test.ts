import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { GUILDS_BIN } from "./runCli.ts";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const home = mkdtempSync(path.join(tmpdir(), "guilds-cli-serve-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

test("guilds serve answers GET /healthz and stops on SIGTERM", async () => {
  const port = await freePort();
  const server = spawn(process.execPath, [GUILDS_BIN, "serve", "--port", String(port)], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, GUILDS_HOME: home },
  });
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  try {
    const url = `http://127.0.0.1:${port}`;
    const health = await expect
      .poll(
        () =>
          fetch(`${url}/healthz`)
            .then((response) => response.status)
            .catch(() => 0),
        { timeout: 10_000 },
      )
      .toBe(200)
      .then(() => fetch(`${url}/healthz`));
    expect(await health.json()).toEqual({ ok: true });
    const missing = await fetch(`${url}/api/nothing-here`, { headers: { Authorization: "Bearer x" } });
    expect(missing.status).toBe(401);
    const app = await fetch(`${url}/runs/r-1`);
    expect(app.status).toBe(200);
    expect(app.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await app.text()).toContain('<div id="root"></div>');
  } finally {
    server.kill("SIGTERM");
  }
  expect(await exited).toBe(0);
});
