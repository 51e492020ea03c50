import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { apiTypesSource } from "../generate/apiTypesSource.ts";

const checkedIn = fileURLToPath(new URL("../src/generated/api.ts", import.meta.url));

test("the checked-in API types are those of the server's routes (else: npm run generate -w @guilds/client)", async () => {
  expect(readFileSync(checkedIn, "utf8")).toBe(await apiTypesSource());
});
