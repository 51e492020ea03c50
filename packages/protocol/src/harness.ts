import { z } from "zod";
import * as L from "./harnessLimits.ts";

/** The harness CLIs code_task drives, by the name an agent's settings use. */
export const HARNESS_NAMES = ["claude", "codex", "gemini", "cursor", "antigravity"] as const;
export type HarnessName = (typeof HARNESS_NAMES)[number];

/** How the result line and the app name each harness. */
export const HARNESS_DISPLAY_NAMES: Record<HarnessName, string> = {
  claude: "Claude Code",
  codex: "Codex",
  gemini: "Gemini CLI",
  cursor: "Cursor",
  antigravity: "Antigravity",
};

/** How a code task ended: the page's Status table. */
export const TASK_STATUSES = ["completed", "failed", "timed_out", "cancelled", "interrupted"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** "Letters, digits, and _ . : -, at most 200 characters" */
export const SessionId = z
  .string({ error: "must be a harness session id: letters, digits and _ . : -, at most 200 characters" })
  .regex(L.SESSION_ID_PATTERN, {
    error: "must be a harness session id: letters, digits and _ . : -, at most 200 characters",
  });

/** The credential a harness would run on: an API key among the agent's secrets, a login in the home, or none. */
export const CredentialKind = z.enum(["secret", "login", "none"]);
export type CredentialKind = z.infer<typeof CredentialKind>;

// ---- guilds-harness ops: the args each takes (HelperRequest.args) and the meta it answers with
// (Envelope.meta). The request's run_id, agent_id and call_id name the task; cwd is "repos/<repo>".

export const CheckArgs = z.strictObject({ harness: z.enum(HARNESS_NAMES) });
export const CheckMeta = z.object({
  harness: z.enum(HARNESS_NAMES),
  installed: z.boolean(),
  /** The CLI's version as it reports it, null when missing or unreadable. */
  version: z.string().nullable(),
  credential: CredentialKind,
  /** With a login: the account (email, or organisation) when the login files name it. */
  account: z.string().nullable(),
  /** Which secret or login file: "ANTHROPIC_API_KEY", "~/.claude/.credentials.json", ... */
  credential_source: z.string().nullable(),
});
export type CheckMeta = z.infer<typeof CheckMeta>;

export const StartArgs = z.strictObject({
  harness: z.enum(HARNESS_NAMES),
  /** The repository's folder name under repos/. */
  repo: z.string().min(1),
  /** The run's harness model and effort; null leaves the CLI's default. */
  model: z.string().nullable(),
  effort: z.string().nullable(),
  session_id: SessionId.nullable(),
  /** The whole brief (preamble, task, notes): written to the prompt file, never on a command line. */
  brief: z.string(),
});
export const StartMeta = z.object({
  /** Home-relative: .runs/<run id>/<call id>.harness.jsonl */
  log_path: z.string(),
  /** Home-relative: .runs/<run id>/<call id>.prompt.md */
  prompt_path: z.string(),
  /** The credential it started on (the check's answer at start). */
  credential: CredentialKind,
});
export type StartMeta = z.infer<typeof StartMeta>;

export const PollArgs = z.strictObject({
  harness: z.enum(HARNESS_NAMES),
  /** Byte offset into the log where the last poll stopped (0 first). */
  offset: z.number().int().min(0),
});
export const PollMeta = z.object({
  /** "running": the CLI runs; "exited": it has exited and the log is read through; "gone": no state for this call. */
  state: z.enum(["running", "exited", "gone"]),
  /**
   * Normalised progress lines, at most TASK_PROGRESS_LINES_MAX, the earlier ones counted as a first
   * line "… N more steps". Not yet redacted nor cut at 240 (the orchestrator redacts, then cuts);
   * the helper bounds each at 4 KiB.
   */
  lines: z.array(z.string()),
  /** Where the next poll starts: after the last whole line read. */
  offset: z.number().int().min(0),
  session_id: z.string().nullable(),
});
export type PollMeta = z.infer<typeof PollMeta>;

/** A delegated turn's tokens as its CLI reported them. */
export const HarnessUsage = z.object({
  input_tokens: z.number().nullable(),
  output_tokens: z.number().nullable(),
  /** The input read from the provider's cache (part of input_tokens); absent from older helpers. */
  cached_tokens: z.number().nullable().optional(),
});

export const ResultArgs = z.strictObject({ harness: z.enum(HARNESS_NAMES) });
export const ResultMeta = z.object({
  /** Empty string when the harness gave none. */
  final_message: z.string(),
  session_id: z.string().nullable(),
  exit_code: z.number().int().nullable(),
  /** The turn ended in error (the CLI's own marking: is_error, turn.failed, status error, ...). */
  turn_error: z.boolean(),
  /** The first line of the harness's error, when it reported one. */
  error: z.string().nullable(),
  /** The last HARNESS_STDERR_TAIL_LINES lines of the CLI's stderr. */
  stderr_tail: z.array(z.string()),
  duration_ms: z.number().int().min(0),
  /** Events parsed and lines that were not JSON (or not the driver's events). */
  events: z.number().int().min(0),
  unparsed: z.number().int().min(0),
  /** The CLI's version recorded at start (for "parses none of the CLI's output" details). */
  version: z.string().nullable(),
  /** The model the harness said it ran on, when it said. */
  model: z.string().nullable(),
  /** The delegated turn's cost and token usage when the CLI reports them. */
  cost_usd: z.number().nullable(),
  usage: HarnessUsage.nullable(),
});
export type ResultMeta = z.infer<typeof ResultMeta>;

export const StopArgs = z.strictObject({ harness: z.enum(HARNESS_NAMES) });
export const StopMeta = z.object({
  /** The CLI exited (by itself or after the signals) and the supervisor recorded it. */
  exited: z.boolean(),
  /** No state for this call: nothing to stop. */
  gone: z.boolean(),
});
export type StopMeta = z.infer<typeof StopMeta>;

export const LogArgs = z.strictObject({
  harness: z.enum(HARNESS_NAMES),
  /** Raw JSONL, whole lines from the start, within this many bytes. */
  max_bytes: z.number().int().min(1),
  /** Progress lines kept, from the start. */
  max_lines: z.number().int().min(1),
});
/** The log API's answer before redaction and the 240-character cut (the orchestrator does both). */
export const LogMeta = z.object({
  lines: z.array(z.string()),
  lines_truncated: z.boolean(),
  raw: z.string(),
  raw_truncated: z.boolean(),
  bytes: z.number().int().min(0),
  events: z.number().int().min(0),
  unparsed: z.number().int().min(0),
});
export type LogMeta = z.infer<typeof LogMeta>;

/** Home-relative paths of a task's files. */
export function taskLogPath(runId: string, callId: string): string {
  return `.runs/${runId}/${callId}.harness.jsonl`;
}
export function taskPromptPath(runId: string, callId: string): string {
  return `.runs/${runId}/${callId}.prompt.md`;
}
