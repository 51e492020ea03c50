/**
 * Zod's issues, written by hand: the one-shot helper checks its request and its arguments without
 * loading zod (its module and our schemas cost more than the call itself at every Node start). Each
 * issue has the keys zod gives it, in zod's order, and zod's English message unless the schema set
 * its own; test/handChecks.test.ts holds the texts equal to the schemas' byte for byte.
 */
export interface CheckIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly keys?: readonly string[];
}

export type CheckResult<T> = { success: true; data: T } | { success: false; issues: CheckIssue[] };

/** What zod's messages call a value's type ("received array"). */
export function receivedType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number" && Number.isNaN(value)) return "NaN";
  return typeof value;
}

export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function invalidType(
  path: PropertyKey[],
  expected: string,
  value: unknown,
  message?: string,
): CheckIssue {
  return {
    expected,
    code: "invalid_type",
    path,
    message: message ?? `Invalid input: expected ${expected}, received ${receivedType(value)}`,
  } as CheckIssue;
}

/**
 * `.min(1)` on a string: zod runs it even after a wrong type, on anything with a length (an array:
 * "expected array to have >=1 items").
 */
export function nonEmptyIssues(path: PropertyKey[], value: unknown, message?: string): CheckIssue[] {
  const length = value === null || value === undefined ? undefined : (value as { length?: unknown }).length;
  if (length === undefined || (length as number) >= 1) return [];
  const origin = typeof value === "string" ? "string" : Array.isArray(value) ? "array" : "unknown";
  const size = { string: "to have >=1 characters", array: "to have >=1 items", unknown: "to be >=1" }[origin];
  return [
    {
      origin,
      code: "too_small",
      minimum: 1,
      inclusive: true,
      path,
      message: message ?? `Too small: expected ${origin} ${size}`,
    } as CheckIssue,
  ];
}

/** An integer check (`z.number().int().min(min)[.max(max)]`): zod's issues for it, in its order. */
export function integerIssues(
  path: PropertyKey[],
  value: unknown,
  min: number,
  max: number | null,
  message?: string,
): CheckIssue[] {
  if (typeof value !== "number" || !Number.isFinite(value))
    return [invalidType(path, "number", value, message)];
  if (!Number.isInteger(value)) {
    return [
      {
        expected: "int",
        format: "safeint",
        code: "invalid_type",
        path,
        message: message ?? "Invalid input: expected int, received number",
      } as CheckIssue,
    ];
  }
  const issues: CheckIssue[] = [];
  if (value > Number.MAX_SAFE_INTEGER) {
    issues.push(
      safeIntIssue(path, "too_big", message ?? `Too big: expected int to be <=${Number.MAX_SAFE_INTEGER}`),
    );
  } else if (value < Number.MIN_SAFE_INTEGER) {
    issues.push(
      safeIntIssue(
        path,
        "too_small",
        message ?? `Too small: expected int to be >=${Number.MIN_SAFE_INTEGER}`,
      ),
    );
  }
  if (value < min) {
    issues.push({
      origin: "number",
      code: "too_small",
      minimum: min,
      inclusive: true,
      path,
      message: message ?? `Too small: expected number to be >=${min}`,
    } as CheckIssue);
  }
  if (max !== null && value > max) {
    issues.push({
      origin: "number",
      code: "too_big",
      maximum: max,
      inclusive: true,
      path,
      message: message ?? `Too big: expected number to be <=${max}`,
    } as CheckIssue);
  }
  return issues;
}

function safeIntIssue(path: PropertyKey[], code: "too_big" | "too_small", message: string): CheckIssue {
  const [bound, limit] =
    code === "too_big" ? ["maximum", Number.MAX_SAFE_INTEGER] : ["minimum", Number.MIN_SAFE_INTEGER];
  const note = "Integers must be within the safe integer range.";
  return { code, [bound]: limit, note, origin: "int", inclusive: true, path, message } as CheckIssue;
}

/** `z.strictObject`'s last issue: the keys its shape does not name. */
export function unknownKeysIssue(input: Record<string, unknown>, known: readonly string[]): CheckIssue[] {
  const keys = Object.keys(input).filter((key) => !known.includes(key));
  if (keys.length === 0) return [];
  const quoted = keys.map((key) => JSON.stringify(key)).join(", ");
  return [
    {
      code: "unrecognized_keys",
      keys,
      path: [],
      message: `Unrecognized key${keys.length > 1 ? "s" : ""}: ${quoted}`,
    } as CheckIssue,
  ];
}

/** What `ZodError.message` is: the issues as indented JSON. */
export function issuesMessage(issues: readonly CheckIssue[]): string {
  return JSON.stringify(issues, null, 2);
}

export type Field = (value: unknown, path: PropertyKey[]) => CheckIssue[];

export interface FieldSpec {
  check: Field;
  /** Used when the argument is absent; none: the argument is required. */
  fallback?: unknown;
  optional?: boolean;
}

/** `z.strictObject(shape)`: the fields in the shape's order, then the unknown keys. */
export function checkStrictObject<T>(
  input: unknown,
  shape: Readonly<Record<string, FieldSpec>>,
  refine?: (data: Record<string, unknown>) => CheckIssue[],
): CheckResult<T> {
  if (!isPlainRecord(input)) return { success: false, issues: [invalidType([], "object", input)] };
  const issues: CheckIssue[] = [];
  const data: Record<string, unknown> = {};
  let aborted = false;
  for (const [key, spec] of Object.entries(shape)) {
    const value = Object.hasOwn(input, key) ? input[key] : undefined;
    if (value === undefined && (spec.optional || "fallback" in spec)) {
      if ("fallback" in spec) data[key] = spec.fallback;
      continue;
    }
    const found = spec.check(value, [key]);
    // zod stops checking a value at a wrong type; a refinement of the object then does not run.
    if (found.some((issue) => issue.code === "invalid_type")) aborted = true;
    issues.push(...found);
    data[key] = value;
  }
  issues.push(...unknownKeysIssue(input, Object.keys(shape)));
  if (!aborted && refine) issues.push(...refine(data));
  return issues.length === 0 ? { success: true, data: data as T } : { success: false, issues };
}
