import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { apiDocument } from "../../../apps/orchestrator/src/server/apiDocument.ts";

const HEADER = `// Generated from the server's routes by \`npm run generate -w @guilds/client\`: do not edit.
// packages/client/test/apiTypes.test.ts fails when this file differs from a fresh generation.

`;

/** The TypeScript types of the API (openapi-typescript's \`paths\` and \`components\`), as the file's text. */
export async function apiTypesSource(): Promise<string> {
  const ast = await openapiTS(apiDocument() as unknown as OpenAPI3);
  return HEADER + astToString(ast);
}
