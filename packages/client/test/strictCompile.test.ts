import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const usage = fileURLToPath(new URL("usage/startAndFollow.ts", import.meta.url));
const readme = fileURLToPath(new URL("../../../README.md", import.meta.url));

test("the generated client and a usage of it compile with tsc --strict, alone", () => {
  expectCompiles(usage);
});

test("the README's example compiles with tsc --strict, as it is printed", () => {
  const example = /connections \(resumed with `Last-Event-ID`\)[^`]*```ts\n([\s\S]*?)```/.exec(
    readFileSync(readme, "utf8"),
  )?.[1];
  expect(example?.split("\n").filter((line) => line !== "" && !line.startsWith("//"))).toHaveLength(5);
  // In the usage folder, so that @guilds/client resolves as it does for a user of the workspace.
  const folder = mkdtempSync(path.join(path.dirname(usage), ".readme-"));
  try {
    const file = path.join(folder, "readmeExample.ts");
    writeFileSync(
      file,
      [
        'import { followRun } from "@guilds/client/followRun";',
        'import { createGuildsClient } from "@guilds/client/guildsClient";',
        "declare const server: string, token: string, agentId: string;",
        example,
        "export {};",
      ].join("\n"),
    );
    expectCompiles(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

function expectCompiles(file: string): void {
  const compile = spawnSync(
    process.execPath,
    [
      tsc,
      "--strict",
      "--noEmit",
      "--target",
      "ES2022",
      "--lib",
      "ES2023",
      "--module",
      "NodeNext",
      "--moduleResolution",
      "NodeNext",
      "--allowImportingTsExtensions",
      "--types",
      "node",
      file,
    ],
    { encoding: "utf8" },
  );
  expect(compile.stdout + compile.stderr).toBe("");
  expect(compile.status).toBe(0);
}
