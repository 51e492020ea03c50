import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { formatArgsError } from "../src/argsError.ts";
import { CallEnvironment } from "../src/callEnvironmentFile.ts";
import type { CheckResult } from "../src/checkIssues.ts";
import { HelperRequest } from "../src/helperRequest.ts";
import { checkHelperRequest, parseCallEnvironment } from "../src/helperRequestCheck.ts";
import { ShellOutputArgs } from "../src/shellOutput.ts";
import { checkShellOutputArgs } from "../src/shellOutputCheck.ts";
import { CodeSearchArgs, FileReadArgs, ShellArgs, ShellStatusArgs } from "../src/toolArgs.ts";
import {
  checkCodeSearchArgs,
  checkFileReadArgs,
  checkShellArgs,
  checkShellStatusArgs,
} from "../src/toolArgsCheck.ts";

const ABSENT = Symbol("absent");
type Value = unknown | typeof ABSENT;

// What a JSON request can hold where one value is expected: every kind, and every edge of our ranges.
const ANY_KIND: Value[] = [
  ABSENT,
  null,
  true,
  false,
  "",
  "x",
  "b1",
  [],
  ["a"],
  {},
  { a: 1 },
  { length: 0 },
  0,
  -0,
  1,
  -1,
];
const NUMBERS: Value[] = [
  0.5,
  1.5,
  2,
  5,
  6,
  40,
  41,
  200,
  500,
  501,
  600,
  601,
  1023,
  1024,
  8192,
  1e300,
  -1e300,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER - 2,
  "5",
];
const STRINGS: Value[] = [
  "files",
  "content",
  "other",
  "b0",
  "b12",
  "bx",
  "ls -la",
  "a b",
  "r-1.x:y_z",
  "x".repeat(200),
  "x".repeat(201),
  "é",
];
const VALUES = [...ANY_KIND, ...NUMBERS, ...STRINGS];
const EXTRA_KEYS: Record<string, unknown>[] = [
  {},
  { cmd: "ls" },
  { x: 1, y: 2 },
  JSON.parse('{"__proto__": 1}'),
];

function withValues(base: Record<string, unknown>, changes: Record<string, Value>): Record<string, unknown> {
  const input: Record<string, unknown> = JSON.parse(JSON.stringify(base));
  for (const [key, value] of Object.entries(changes)) {
    if (value === ABSENT) delete input[key];
    else input[key] = value;
  }
  return input;
}

/** A seeded generator, so that a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Valid inputs, each field alone and in pairs set to every value, then random mixes with unknown keys. */
function inputsFor(valid: Record<string, unknown>, fields: string[]): unknown[] {
  const inputs: unknown[] = [valid, ...ANY_KIND.filter((value) => value !== ABSENT)];
  for (const field of fields) {
    for (const value of VALUES) inputs.push(withValues(valid, { [field]: value }));
  }
  for (const first of fields) {
    for (const second of fields) {
      if (first >= second) continue;
      for (const a of ANY_KIND)
        for (const b of NUMBERS) inputs.push(withValues(valid, { [first]: a, [second]: b }));
    }
  }
  const next = random(18);
  for (let round = 0; round < 1500; round++) {
    const changes: Record<string, Value> = {};
    for (const field of fields) {
      if (next() < 0.5) changes[field] = VALUES[Math.floor(next() * VALUES.length)];
    }
    const extra = EXTRA_KEYS[Math.floor(next() * EXTRA_KEYS.length)] ?? {};
    inputs.push({ ...extra, ...withValues(valid, changes) });
  }
  return inputs;
}

function expectSameOutcome<T>(
  schema: z.ZodType,
  check: (input: unknown) => CheckResult<T>,
  input: unknown,
  tool: string,
) {
  const expected = schema.safeParse(input);
  const actual = check(input);
  const label = JSON.stringify(input);
  expect(actual.success, label).toBe(expected.success);
  if (expected.success && actual.success) {
    expect(JSON.stringify(actual.data), label).toBe(JSON.stringify(expected.data));
  } else if (!expected.success && !actual.success) {
    // The whole issues, keys in zod's order: ZodError.message is their JSON.
    expect(JSON.stringify(actual.issues, null, 2), label).toBe(expected.error.message);
    expect(formatArgsError(tool, { issues: actual.issues }, input), label).toBe(
      formatArgsError(tool, expected.error, input),
    );
  }
}

const TOOLS = [
  {
    tool: "shell",
    schema: ShellArgs,
    check: checkShellArgs,
    valid: { command: "ls" },
    fields: ["command", "timeout_seconds", "background"],
  },
  {
    tool: "shell_status",
    schema: ShellStatusArgs,
    check: checkShellStatusArgs,
    valid: { id: "b1" },
    fields: ["id", "stop"],
  },
  {
    tool: "file_read",
    schema: FileReadArgs,
    check: checkFileReadArgs,
    valid: { path: "a.ts" },
    fields: ["path", "offset", "limit"],
  },
  {
    tool: "code_search",
    schema: CodeSearchArgs,
    check: checkCodeSearchArgs,
    valid: { pattern: "x" },
    fields: ["pattern", "path", "glob", "mode", "fixed", "ignore_case", "context", "limit"],
  },
  // Not a tool (the app's live view), with zod's own messages: its error quotes ZodError.message.
  {
    tool: "shell_output",
    schema: ShellOutputArgs,
    check: checkShellOutputArgs,
    valid: { offset: 0 },
    fields: ["offset", "skip_line"],
  },
] as const;

describe("the tools' hand-written argument checks", () => {
  for (const { tool, schema, check, valid, fields } of TOOLS) {
    it(`${tool}: the same data, issues and error text as its zod schema, for every field and kind of error`, () => {
      const inputs = inputsFor(valid, [...fields]);
      let rejected = 0;
      for (const input of inputs) {
        expectSameOutcome(schema, check as (input: unknown) => CheckResult<unknown>, input, tool);
        if (!schema.safeParse(input).success) rejected++;
      }
      expect(rejected).toBeGreaterThan(inputs.length / 3);
      expect(rejected).toBeLessThan(inputs.length);
    }, 60_000);
  }

  it("names the problems as the zod path does", () => {
    const input = { command: "", timeout_seconds: 1e300, extra: 1 };
    const checked = checkShellArgs(input);
    expect(checked.success).toBe(false);
    if (checked.success) return;
    expect(formatArgsError("shell", checked, input)).toBe(
      'Invalid arguments for shell: command must be a non-empty string (the bash command to run) (got ""); timeout_seconds must be an integer from 1 to 600 (got 1e+300); timeout_seconds must be an integer from 1 to 600 (got 1e+300); unknown argument extra. Rewrite the call with valid arguments.',
    );
  });
});

const REQUEST = {
  op: "shell",
  args: { command: "ls" },
  run_id: "r1",
  agent_id: "a1",
  call_id: "c1",
  cwd: "repos/x",
  max_bytes: 8192,
  env: { A: "1" },
  repo_tokens: { x: "t" },
  env_file: "/run/guilds/e.json",
};
const REQUEST_FIELDS = Object.keys(REQUEST);

describe("the helper request's hand-written check", () => {
  it("the same request, or the same issues, as HelperRequest", () => {
    const records: Value[] = [
      { A: 1 },
      { A: "1", B: null },
      JSON.parse('{"__proto__": "x", "B": "2"}'),
      { 1: "a", b: "c" },
    ];
    const inputs = inputsFor(REQUEST, REQUEST_FIELDS);
    for (const field of ["env", "repo_tokens"]) {
      for (const value of records) inputs.push(withValues(REQUEST, { [field]: value }));
    }
    inputs.push(
      { ...REQUEST, unknown: 1 },
      withValues(REQUEST, { args: ABSENT, env: ABSENT, repo_tokens: ABSENT }),
    );
    for (const input of inputs) {
      const expected = HelperRequest.safeParse(input);
      const actual = checkHelperRequest(input);
      const label = JSON.stringify(input);
      expect(actual.success, label).toBe(expected.success);
      if (expected.success && actual.success) {
        expect(JSON.stringify(actual.data), label).toBe(JSON.stringify(expected.data));
        expect(Object.getPrototypeOf(actual.data.env)).toBe(Object.getPrototypeOf(expected.data.env));
      }
      if (!expected.success && !actual.success) {
        expect(JSON.stringify(actual.issues, null, 2), label).toBe(expected.error.message);
      }
    }
  }, 60_000);

  it("reads an env file as CallEnvironment does, and fails with zod's message", () => {
    const inputs: unknown[] = [
      { env: { A: "1" }, repo_tokens: { x: "t" } },
      {},
      { env: { A: "1" }, other: 1 },
      ...ANY_KIND,
      { env: 5 },
      { env: { a: 1 }, repo_tokens: [] },
      { env: { a: "1", b: null }, repo_tokens: { c: true } },
      JSON.parse('{"env": {"__proto__": "p", "A": "1"}}'),
    ];
    for (const input of inputs) {
      if (input === ABSENT) continue;
      const expected = CallEnvironment.safeParse(input);
      const label = JSON.stringify(input);
      if (expected.success) {
        expect(JSON.stringify(parseCallEnvironment(input)), label).toBe(JSON.stringify(expected.data));
      } else {
        expect(() => parseCallEnvironment(input), label).toThrow(expected.error.message);
        try {
          parseCallEnvironment(input);
        } catch (caught) {
          expect((caught as Error).message, label).toBe(expected.error.message);
        }
      }
    }
  });
});
