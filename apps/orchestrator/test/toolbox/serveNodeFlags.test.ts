import { expect, test } from "vitest";
import { withServeNodeFlags } from "../../src/toolbox/serveNodeFlags.ts";

test("the long-lived helper's node gets its young generation bounded; another runner is left alone", () => {
  expect(withServeNodeFlags(["/run/guilds/bin/node", "/run/guilds/bin/guilds-code"])).toEqual([
    "/run/guilds/bin/node",
    "--max-semi-space-size=1",
    "/run/guilds/bin/guilds-code",
  ]);
  expect(withServeNodeFlags(["node", "helper.mjs"])).toEqual([
    "node",
    "--max-semi-space-size=1",
    "helper.mjs",
  ]);
  expect(withServeNodeFlags(["/usr/bin/nodejs-wrapper", "x"])).toEqual(["/usr/bin/nodejs-wrapper", "x"]);
  expect(withServeNodeFlags([])).toEqual([]);
});
