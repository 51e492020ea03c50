import {
  type CheckIssue,
  type CheckResult,
  checkStrictObject,
  type Field,
  type FieldSpec,
  integerIssues,
  invalidType,
  nonEmptyIssues,
} from "./checkIssues.ts";
import * as L from "./limits.ts";
import type { CodeSearchArgs, FileReadArgs, ShellArgs, ShellStatusArgs } from "./toolArgs.ts";

/**
 * The four code tools' argument checks without zod, for the one-shot helper: each accepts what its
 * schema in toolArgs.ts accepts, fills the same defaults and gives the same issues (held equal by
 * test/handChecks.test.ts). The schemas stay the definition; these follow them.
 */

function text(what: string): Field {
  const message = `must be a non-empty string (${what})`;
  return (value, path) => [
    ...(typeof value === "string" ? [] : [invalidType(path, "string", value, message)]),
    ...nonEmptyIssues(path, value, message),
  ];
}

function intInRange(min: number, max: number): Field {
  const message = `must be an integer from ${min} to ${max}`;
  return (value, path) => integerIssues(path, value, min, max, message);
}

const flag: Field = (value, path) =>
  typeof value === "boolean" ? [] : [invalidType(path, "boolean", value, "must be true or false")];

const searchMode: Field = (value, path) =>
  value === "files" || value === "content"
    ? []
    : [
        {
          code: "invalid_value",
          values: ["files", "content"],
          path,
          message: 'must be "files" or "content"',
        } as CheckIssue,
      ];

const BACKGROUND_ID_MESSAGE = "must be a background command id such as b1";
const backgroundId: Field = (value, path) => {
  if (typeof value !== "string") return [invalidType(path, "string", value, BACKGROUND_ID_MESSAGE)];
  if (/^b[1-9][0-9]*$/.test(value)) return [];
  return [
    {
      origin: "string",
      code: "invalid_format",
      format: "regex",
      pattern: "/^b[1-9][0-9]*$/",
      path,
      message: BACKGROUND_ID_MESSAGE,
    } as CheckIssue,
  ];
};

const SHELL_SHAPE: Record<string, FieldSpec> = {
  command: { check: text("the bash command to run") },
  timeout_seconds: {
    check: intInRange(L.SHELL_TIMEOUT_MIN_SECONDS, L.SHELL_TIMEOUT_MAX_SECONDS),
    fallback: L.SHELL_TIMEOUT_DEFAULT_SECONDS,
  },
  background: { check: flag, fallback: false },
};

export function checkShellArgs(input: unknown): CheckResult<ShellArgs> {
  return checkStrictObject(input, SHELL_SHAPE);
}

const SHELL_STATUS_SHAPE: Record<string, FieldSpec> = {
  id: { check: backgroundId, optional: true },
  stop: { check: flag, fallback: false },
};

export function checkShellStatusArgs(input: unknown): CheckResult<ShellStatusArgs> {
  return checkStrictObject(input, SHELL_STATUS_SHAPE, (data) =>
    data.stop && data.id === undefined
      ? [
          {
            code: "custom",
            path: ["stop"],
            message: 'needs an id: stop ends one background command, such as {"id": "b1", "stop": true}',
          },
        ]
      : [],
  );
}

const FILE_READ_SHAPE: Record<string, FieldSpec> = {
  path: { check: text("a file path, relative to the working directory or starting with ~/") },
  offset: { check: intInRange(1, Number.MAX_SAFE_INTEGER), fallback: 1 },
  limit: { check: intInRange(1, L.FILE_READ_LIMIT_MAX), fallback: L.FILE_READ_LIMIT_DEFAULT },
};

export function checkFileReadArgs(input: unknown): CheckResult<FileReadArgs> {
  return checkStrictObject(input, FILE_READ_SHAPE);
}

const CODE_SEARCH_SHAPE: Record<string, FieldSpec> = {
  pattern: { check: text("a regular expression, or a literal with fixed: true") },
  path: { check: text("a file or directory to search"), optional: true },
  glob: { check: text("a glob such as *.ts"), optional: true },
  mode: { check: searchMode, fallback: "files" },
  fixed: { check: flag, fallback: false },
  ignore_case: { check: flag, fallback: false },
  context: { check: intInRange(0, L.SEARCH_CONTEXT_MAX), fallback: 0 },
  limit: { check: intInRange(1, L.SEARCH_MAX_LINES), optional: true },
};

export function checkCodeSearchArgs(input: unknown): CheckResult<CodeSearchArgs> {
  return checkStrictObject(input, CODE_SEARCH_SHAPE);
}
