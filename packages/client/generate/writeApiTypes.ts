import { writeFileSync } from "node:fs";
import { apiTypesSource } from "./apiTypesSource.ts";

/** Where the generated types live; run from the repository's root. */
export const API_TYPES_PATH = "packages/client/src/generated/api.ts";

writeFileSync(API_TYPES_PATH, await apiTypesSource());
process.stdout.write(`wrote ${API_TYPES_PATH}\n`);
