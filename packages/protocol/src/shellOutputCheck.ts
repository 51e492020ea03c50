import { type CheckResult, checkStrictObject, integerIssues, invalidType } from "./checkIssues.ts";
import type { ShellOutputArgs } from "./shellOutput.ts";

/**
 * ShellOutputArgs's check without zod, for guilds-code: the same data and issues as the schema
 * (test/handChecks.test.ts holds them equal).
 */
export function checkShellOutputArgs(input: unknown): CheckResult<ShellOutputArgs> {
  return checkStrictObject(input, {
    offset: { check: (value, path) => (value === null ? [] : integerIssues(path, value, 0, null)) },
    skip_line: {
      check: (value, path) => (typeof value === "boolean" ? [] : [invalidType(path, "boolean", value)]),
      fallback: false,
    },
  });
}
