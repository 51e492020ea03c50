/**
 * Each tool's metadata, exactly the fields the "Code tools" page lists ("Metadata"). The fields every
 * tool call records (tool, call id, timings, status) are the orchestrator's; these come from the helper.
 */

/** shell in the foreground: "exit_code, cwd, log_path (when output was elided), and timed_out" */
export interface ShellMeta {
  exit_code: number;
  cwd: string;
  log_path?: string;
  timed_out: boolean;
  /** The machine's limit the command ran into: its memory (the OOM killer ended a process) or its process count. */
  limit_hit?: "memory" | "processes";
}

/** shell with background: "background_id and log_path on a background start" */
export interface ShellBackgroundMeta {
  background_id: string;
  log_path: string;
}

export type BackgroundState = "running" | "exited" | "stopping" | "stopped" | "ended";

/** shell_status: "background_id, state, log_path, and exit_code"; without id, the count listed. */
export interface ShellStatusMeta {
  background_id?: string;
  state?: BackgroundState;
  log_path?: string;
  exit_code?: number | null;
  commands?: number;
}

/** file_read: "path, range, content_hash, and lines ... and repeat_of on a repeated read" */
export interface FileReadMeta {
  /** Path relative to the working directory, as in the header. */
  path: string;
  /** First and last line returned; [0, 0] when none was. */
  range: [number, number];
  /** SHA-256 (hex) of the whole file. */
  content_hash: string;
  /** The file's line count. */
  lines: number;
  /** Set by the orchestrator on a repeated read: the earlier result's message seq. */
  repeat_of?: number;
  /** Absolute path inside the machine, links resolved: what de-duplication compares. */
  real_path?: string;
  /** True when the range stopped before the cap (the read was cut). */
  truncated?: boolean;
  binary?: boolean;
}

/** code_search: "matches and files" (totals, before any cap). */
export interface CodeSearchMeta {
  matches: number;
  files: number;
}
