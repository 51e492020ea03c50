import type { CheckIssue } from "./checkIssues.ts";

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function describe(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) return String(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

/**
 * The text a model reads when its arguments are invalid: each problem names the argument, says
 * what it may be, and shows what was given, so the next call can be rewritten.
 */
export function formatArgsError(
  tool: string,
  error: { readonly issues: readonly CheckIssue[] },
  input: unknown,
): string {
  const problems = error.issues.map((issue) => {
    if (issue.code === "unrecognized_keys") {
      const keys = issue.keys ?? [];
      return `unknown argument${keys.length > 1 ? "s" : ""} ${keys.join(", ")}`;
    }
    if (issue.path.length === 0) return `the arguments ${issue.message}`;
    const name = issue.path.join(".");
    const given = valueAt(input, issue.path);
    const got = given === undefined ? "missing" : `got ${describe(given)}`;
    return `${name} ${issue.message} (${got})`;
  });
  return `Invalid arguments for ${tool}: ${problems.join("; ")}. Rewrite the call with valid arguments.`;
}
