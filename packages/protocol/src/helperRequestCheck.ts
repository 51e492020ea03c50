import {
  type CheckIssue,
  type CheckResult,
  integerIssues,
  invalidType,
  isPlainRecord,
  issuesMessage,
  nonEmptyIssues,
} from "./checkIssues.ts";
import type { HelperRequest } from "./helperRequest.ts";
import { CODE_RESULT_MAX_BYTES_MIN } from "./limits.ts";

/**
 * HelperRequest's and CallEnvironment's checks without zod, for the one-shot helper: the same
 * accepted requests, output and issues as the schemas (test/handChecks.test.ts holds them equal).
 */

const ID_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;

function stringIssues(path: PropertyKey[], value: unknown): CheckIssue[] {
  return typeof value === "string" ? [] : [invalidType(path, "string", value)];
}

function idIssues(path: PropertyKey[], value: unknown): CheckIssue[] {
  if (typeof value !== "string") return [invalidType(path, "string", value)];
  if (ID_PATTERN.test(value)) return [];
  return [
    {
      origin: "string",
      code: "invalid_format",
      format: "regex",
      pattern: String(ID_PATTERN),
      path,
      message: `Invalid string: must match pattern ${ID_PATTERN}`,
    } as CheckIssue,
  ];
}

/** `z.record(z.string(), z.string()).default({})`: the record rebuilt as zod rebuilds it. */
function stringRecord(key: string, value: unknown, issues: CheckIssue[]): Record<string, string> | undefined {
  if (value === undefined) return {};
  if (!isPlainRecord(value)) {
    issues.push(invalidType([key], "record", value));
    return undefined;
  }
  const record: Record<string, string> = {};
  for (const name of Object.keys(value)) {
    const entry = value[name];
    if (typeof entry === "string") record[name] = entry;
    else issues.push(invalidType([key, name], "string", entry));
  }
  return record;
}

function field(input: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(input, key) ? input[key] : undefined;
}

export function checkHelperRequest(input: unknown): CheckResult<HelperRequest> {
  if (!isPlainRecord(input)) return { success: false, issues: [invalidType([], "object", input)] };
  const issues: CheckIssue[] = [];
  const op = field(input, "op");
  if (typeof op !== "string") issues.push(invalidType(["op"], "string", op));
  issues.push(...nonEmptyIssues(["op"], op));
  const args = field(input, "args");
  if (!Object.hasOwn(input, "args")) {
    issues.push({
      code: "invalid_type",
      expected: "nonoptional",
      path: ["args"],
      message: "Invalid input: expected nonoptional, received undefined",
    } as CheckIssue);
  }
  for (const key of ["run_id", "agent_id", "call_id"]) issues.push(...idIssues([key], field(input, key)));
  issues.push(...stringIssues(["cwd"], field(input, "cwd")));
  issues.push(...integerIssues(["max_bytes"], field(input, "max_bytes"), CODE_RESULT_MAX_BYTES_MIN, null));
  const env = stringRecord("env", field(input, "env"), issues);
  const repoTokens = stringRecord("repo_tokens", field(input, "repo_tokens"), issues);
  const envFile = field(input, "env_file");
  if (envFile !== undefined) issues.push(...stringIssues(["env_file"], envFile));
  if (issues.length > 0) return { success: false, issues };
  const request = {
    op,
    args,
    run_id: input.run_id,
    agent_id: input.agent_id,
    call_id: input.call_id,
    cwd: input.cwd,
    max_bytes: input.max_bytes,
    env,
    repo_tokens: repoTokens,
  } as HelperRequest;
  if (envFile !== undefined) request.env_file = envFile as string;
  return { success: true, data: request };
}

/**
 * `CallEnvironment.parse` (a one-shot call's env_file): its env and repo_tokens, or the error zod
 * throws, with zod's message.
 */
export function parseCallEnvironment(input: unknown): Pick<HelperRequest, "env" | "repo_tokens"> {
  const issues: CheckIssue[] = [];
  if (!isPlainRecord(input)) issues.push(invalidType([], "object", input));
  else {
    const env = stringRecord("env", field(input, "env"), issues);
    const repoTokens = stringRecord("repo_tokens", field(input, "repo_tokens"), issues);
    if (env && repoTokens && issues.length === 0) return { env, repo_tokens: repoTokens };
  }
  throw new Error(issuesMessage(issues));
}
