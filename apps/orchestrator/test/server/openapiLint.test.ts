import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect } from "vitest";
import { appTest as test } from "./appFixture.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

test("redocly lint (recommended rules) finds no error and no warning in the document", async ({
  fixture: { app },
}) => {
  const folder = await mkdtemp(path.join(tmpdir(), "guilds-openapi-"));
  try {
    const document = path.join(folder, "openapi.json");
    await writeFile(document, await (await app.request("http://localhost/api/openapi.json")).text());
    const { stdout } = await promisify(execFile)(
      path.join(root, "node_modules/.bin/redocly"),
      ["lint", "--config", path.join(root, "redocly.yaml"), "--format=json", document],
      {
        // Only what the linter needs: no telemetry, no update check (no network here).
        env: {
          PATH: process.env.PATH,
          HOME: folder,
          REDOCLY_TELEMETRY: "off",
          REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
        },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((failure: { stdout?: string; stderr?: string }) => {
      throw new Error(`redocly lint failed:\n${failure.stdout ?? ""}\n${failure.stderr ?? ""}`);
    });
    const report = JSON.parse(stdout) as { totals: Record<string, number>; problems: unknown[] };
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
