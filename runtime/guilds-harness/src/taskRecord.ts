import { readFileSync } from "node:fs";
import { CredentialKind, HARNESS_NAMES } from "@guilds/protocol/harness";
import { z } from "zod";
import { writeFileAtomic } from "./atomicWrite.ts";

/** <call id>.json: what start started, read back by every later op and by the supervisor. */
export const TaskRecord = z.object({
  harness: z.enum(HARNESS_NAMES),
  repo: z.string(),
  model: z.string().nullable(),
  effort: z.string().nullable(),
  /** The session the call resumes; null for a new session. */
  session_id: z.string().nullable(),
  /** ISO time of the start. */
  started_at: z.string(),
  /** The CLI's version as check read it at start. */
  version: z.string().nullable(),
  credential: CredentialKind,
  /** Home-relative, as results name them. */
  log_path: z.string(),
  prompt_path: z.string(),
  /** The same files, absolute inside the machine. */
  log_file: z.string(),
  prompt_file: z.string(),
  /** The supervisor (its pid is its own session) and /proc's start time of it: a reused pid is not it. */
  supervisor_pid: z.number().int().nullable(),
  supervisor_start_ticks: z.number().int().nullable(),
});
export type TaskRecord = z.infer<typeof TaskRecord>;

export function writeTaskRecord(file: string, record: TaskRecord): void {
  writeFileAtomic(file, JSON.stringify(record));
}

/** The record, or undefined when the call has no state (never started, cleaned up, or the machine restarted). */
export function readTaskRecord(file: string): TaskRecord | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  const parsed = TaskRecord.safeParse(safeJson(text));
  return parsed.success ? parsed.data : undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
