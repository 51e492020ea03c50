import { readFileSync, unlinkSync } from "node:fs";
import { HelperRequest } from "./helperRequest.ts";

/** The part of a request that may be secret: the commands' variables and the repositories' tokens. */
const CallEnvironment = HelperRequest.pick({ env: true, repo_tokens: true });

/** What the orchestrator writes to a one-shot call's env_file. */
export function callEnvironmentText(request: HelperRequest): string {
  return JSON.stringify({ env: request.env, repo_tokens: request.repo_tokens });
}

/**
 * A one-shot helper's request with its env_file read, deleted and put back in: what the op sees is
 * the request as the orchestrator built it. A request without one is returned as it is.
 */
export function withCallEnvironment(raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null || !("env_file" in raw)) return raw;
  const { env_file: file, ...request } = raw;
  if (typeof file !== "string") throw new Error("env_file is not a path");
  const text = readFileSync(file, "utf8");
  unlinkSync(file);
  return { ...request, ...CallEnvironment.parse(JSON.parse(text)) };
}
