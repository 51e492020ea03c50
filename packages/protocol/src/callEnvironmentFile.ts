import { HelperRequest } from "./helperRequest.ts";

/** The part of a request that may be secret: the commands' variables and the repositories' tokens. */
export const CallEnvironment = HelperRequest.pick({ env: true, repo_tokens: true });

/** What the orchestrator writes to a one-shot call's env_file. */
export function callEnvironmentText(request: HelperRequest): string {
  return JSON.stringify({ env: request.env, repo_tokens: request.repo_tokens });
}
