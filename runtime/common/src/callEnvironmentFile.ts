import { readFileSync, unlinkSync } from "node:fs";
import { parseCallEnvironment } from "@guilds/protocol/helperRequestCheck";

/**
 * A one-shot helper's request with its env_file read, deleted and put back in: what the op sees is
 * the request as the orchestrator built it. A request without one is returned as it is. Checked by
 * hand, with zod's texts (packages/protocol/test/handChecks.test.ts): no zod at a helper's start.
 */
export function withCallEnvironment(raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null || !("env_file" in raw)) return raw;
  const { env_file: file, ...request } = raw;
  if (typeof file !== "string") throw new Error("env_file is not a path");
  const text = readFileSync(file, "utf8");
  unlinkSync(file);
  return { ...request, ...parseCallEnvironment(JSON.parse(text)) };
}
