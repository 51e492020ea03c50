import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const usage = fileURLToPath(new URL("usage/startAndFollow.ts", import.meta.url));

test("the generated client and a usage of it compile with tsc --strict, alone", () => {
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
      usage,
    ],
    { encoding: "utf8" },
  );
  expect(compile.stdout + compile.stderr).toBe("");
  expect(compile.status).toBe(0);
});
