import { z } from "zod";
import { HARNESS_NAMES, HarnessUsage, TASK_STATUSES } from "./harness.ts";

/**
 * Each tool's metadata, exactly the fields the "Code tools" and "Code tasks" pages list
 * ("Metadata"). The fields every tool call records (tool, call id, timings, status) are the
 * orchestrator's; these come from the helper (code_task's from the orchestrator). Readers parse a
 * call's stored metadata with these schemas instead of checking fields one by one.
 */

/** What any call's metadata may carry beside its tool's fields. */
export const CallMeta = z.object({
  /** A failed call: the stable code of what went wrong (`args.invalid`, `helper.timeout`, ...). */
  error_code: z.string().optional(),
  /** The call was cancelled by the run's cancel. */
  cancelled: z.boolean().optional(),
});
export type CallMeta = z.infer<typeof CallMeta>;

/** The machine's limit a command ran into: its memory (the OOM killer ended a process) or its process count. */
export const LimitHit = z.enum(["memory", "processes"]);
export type LimitHit = z.infer<typeof LimitHit>;

/** shell in the foreground: "exit_code, cwd, log_path (when output was elided), and timed_out" */
export const ShellMeta = z.object({
  exit_code: z.number().int(),
  cwd: z.string(),
  log_path: z.string().optional(),
  timed_out: z.boolean(),
  limit_hit: LimitHit.optional(),
});
export type ShellMeta = z.infer<typeof ShellMeta>;

/** shell with background: "background_id and log_path on a background start" */
export const ShellBackgroundMeta = z.object({
  background_id: z.string(),
  log_path: z.string(),
});
export type ShellBackgroundMeta = z.infer<typeof ShellBackgroundMeta>;

export const BackgroundState = z.enum(["running", "exited", "stopping", "stopped", "ended"]);
export type BackgroundState = z.infer<typeof BackgroundState>;

/** shell_status: "background_id, state, log_path, and exit_code"; without id, the count listed. */
export const ShellStatusMeta = z.object({
  background_id: z.string().optional(),
  state: BackgroundState.optional(),
  log_path: z.string().optional(),
  exit_code: z.number().int().nullable().optional(),
  commands: z.number().int().min(0).optional(),
});
export type ShellStatusMeta = z.infer<typeof ShellStatusMeta>;

/** file_read: "path, range, content_hash, and lines ... and repeat_of on a repeated read" */
export const FileReadMeta = z.object({
  /** Path relative to the working directory, as in the header. */
  path: z.string(),
  /** First and last line returned; [0, 0] when none was. */
  range: z.tuple([z.number().int(), z.number().int()]),
  /** SHA-256 (hex) of the whole file. */
  content_hash: z.string(),
  /** The file's line count. */
  lines: z.number().int().min(0),
  /** Set by the orchestrator on a repeated read: the earlier result's message seq. */
  repeat_of: z.number().int().optional(),
  /** Absolute path inside the machine, links resolved: what de-duplication compares. */
  real_path: z.string().optional(),
  /** True when the range stopped before the cap (the read was cut). */
  truncated: z.boolean().optional(),
  binary: z.boolean().optional(),
});
export type FileReadMeta = z.infer<typeof FileReadMeta>;

/** code_search: "matches and files" (totals, before any cap). */
export const CodeSearchMeta = z.object({
  matches: z.number().int().min(0),
  files: z.number().int().min(0),
});
export type CodeSearchMeta = z.infer<typeof CodeSearchMeta>;

/** code_task ("Code tasks", Metadata), then the turn's cost and usage when the CLI reported them. */
export const CodeTaskMeta = z.object({
  harness: z.enum(HARNESS_NAMES),
  status: z.enum(TASK_STATUSES),
  session_id: z.string().nullable(),
  repository: z.string(),
  exit_code: z.number().int().nullable(),
  duration_ms: z.number().int().min(0),
  files_changed: z.number().int().nullable(),
  insertions: z.number().int().nullable(),
  deletions: z.number().int().nullable(),
  start_sha: z.string().nullable(),
  end_sha: z.string().nullable(),
  log_path: z.string().nullable(),
  cost_usd: z.number().optional(),
  usage: HarnessUsage.optional(),
});
export type CodeTaskMeta = z.infer<typeof CodeTaskMeta>;
