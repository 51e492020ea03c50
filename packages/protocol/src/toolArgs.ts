import { z } from "zod";
import { SessionId } from "./harness.ts";
import {
  TASK_TIMEOUT_DEFAULT_MINUTES,
  TASK_TIMEOUT_MAX_MINUTES,
  TASK_TIMEOUT_MIN_MINUTES,
} from "./harnessLimits.ts";
import * as L from "./limits.ts";

/** An integer argument whose every failure names its allowed range. */
function intInRange(min: number, max: number) {
  const error = `must be an integer from ${min} to ${max}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

function text(what: string) {
  const error = `must be a non-empty string (${what})`;
  return z.string({ error }).min(1, { error });
}

function flag() {
  return z.boolean({ error: "must be true or false" });
}

export const ShellArgs = z.strictObject({
  command: text("the bash command to run"),
  timeout_seconds: intInRange(L.SHELL_TIMEOUT_MIN_SECONDS, L.SHELL_TIMEOUT_MAX_SECONDS).default(
    L.SHELL_TIMEOUT_DEFAULT_SECONDS,
  ),
  background: flag().default(false),
});
export type ShellArgs = z.infer<typeof ShellArgs>;

export const BACKGROUND_ID_PATTERN = /^b[1-9][0-9]*$/;

export const ShellStatusArgs = z
  .strictObject({
    id: z
      .string({ error: "must be a background command id such as b1" })
      .regex(BACKGROUND_ID_PATTERN, { error: "must be a background command id such as b1" })
      .optional(),
    stop: flag().default(false),
  })
  .refine((args) => !args.stop || args.id !== undefined, {
    error: 'needs an id: stop ends one background command, such as {"id": "b1", "stop": true}',
    path: ["stop"],
  });
export type ShellStatusArgs = z.infer<typeof ShellStatusArgs>;

export const FileReadArgs = z.strictObject({
  path: text("a file path, relative to the working directory or starting with ~/"),
  offset: intInRange(1, Number.MAX_SAFE_INTEGER).default(1),
  limit: intInRange(1, L.FILE_READ_LIMIT_MAX).default(L.FILE_READ_LIMIT_DEFAULT),
});
export type FileReadArgs = z.infer<typeof FileReadArgs>;

export const SearchMode = z.enum(["files", "content"], { error: 'must be "files" or "content"' });

export const CodeSearchArgs = z.strictObject({
  pattern: text("a regular expression, or a literal with fixed: true"),
  path: text("a file or directory to search").optional(),
  glob: text("a glob such as *.ts").optional(),
  mode: SearchMode.default("files"),
  fixed: flag().default(false),
  ignore_case: flag().default(false),
  context: intInRange(0, L.SEARCH_CONTEXT_MAX).default(0),
  limit: intInRange(1, L.SEARCH_MAX_LINES).optional(),
});
export type CodeSearchArgs = z.infer<typeof CodeSearchArgs>;

/** The four check tools' argument schemas, by tool name (the helper's op). */
export const CODE_TOOL_ARGS = {
  shell: ShellArgs,
  shell_status: ShellStatusArgs,
  file_read: FileReadArgs,
  code_search: CodeSearchArgs,
} as const;
export type CodeToolName = keyof typeof CODE_TOOL_ARGS;
export const CODE_TOOL_NAMES = Object.keys(CODE_TOOL_ARGS) as CodeToolName[];

export function isCodeToolName(name: string): name is CodeToolName {
  return Object.hasOwn(CODE_TOOL_ARGS, name);
}

/** code_task's arguments ("Code tasks", Arguments). */
export const CodeTaskArgs = z.strictObject({
  brief: text("the whole task, self-contained").refine((brief) => brief.trim() !== "", {
    error: "must hold the task, not only blanks",
  }),
  repo: text("a repository name under repos/").optional(),
  session_id: SessionId.optional(),
  notes: z
    .array(text("a note's display path"), { error: "must be an array of note display paths" })
    .optional(),
  timeout_minutes: intInRange(TASK_TIMEOUT_MIN_MINUTES, TASK_TIMEOUT_MAX_MINUTES).default(
    TASK_TIMEOUT_DEFAULT_MINUTES,
  ),
});
export type CodeTaskArgs = z.infer<typeof CodeTaskArgs>;
