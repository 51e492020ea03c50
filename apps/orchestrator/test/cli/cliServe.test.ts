import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { freePort, startServer } from "./cliProcess.ts";
import { GUILDS_BIN, runCli } from "./runCli.ts";

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

test("a second guilds serve on the same data is refused, naming the first, and exits 1", async () => {
  const shared = mkdtempSync(path.join(tmpdir(), "guilds-cli-serve-twice-"));
  const first = await startServer({ GUILDS_HOME: shared });
  try {
    const second = await runCli(["serve", "--port", String(await freePort())], { GUILDS_HOME: shared });

    expect(second.code).toBe(1);
    expect(second.stderr).toContain(
      `guilds: [server.running] Another guilds server uses this database: pid ${first.child.pid} on ${hostname()}, since `,
    );
    expect(second.stderr).toContain(
      "give this one its own data (another GUILDS_HOME, or another DATABASE_URL)",
    );
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  } finally {
    expect(await first.stop()).toBe(0);
    rmSync(shared, { recursive: true, force: true });
  }
});
