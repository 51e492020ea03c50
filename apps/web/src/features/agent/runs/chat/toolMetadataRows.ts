import { HARNESS_DISPLAY_NAMES, type HarnessName } from "@guilds/protocol/harness";
import type { FlowCall } from "../../../../runFlow/runFlow.ts";
import {
  codeTaskDiffstat,
  codeTaskHarness,
  codeTaskRepository,
  codeTaskStatus,
} from "./codeTaskBlockModel.ts";

/** One row of a call's Metadata view. */
export interface MetadataRow {
  label: string;
  value: string;
  /**
   * How the view shows the value: "log" a log path in the agent's home, "step" the step a repeated
   * read points to, "harness-log" the path that opens the Log view, "code" an id or path in mono.
   */
  kind?: "log" | "step" | "harness-log" | "code";
}

/** Commit ids as short as git writes them. */
const SHORT_SHA_LENGTH = 7;

/**
 * The Metadata view of a call other than code_task ("Code tools", In the app): the call and the
 * tool, then the exit code, the Full output log, the working directory, the file and its lines, and
 * Same as step for a repeated read. After those, what the page's Metadata section records beside
 * them: a background command's id, state and count (shell, shell_status), code_search's matches and
 * files, and the error code of a call that failed on our side or on its arguments. Only the rows
 * that apply are given.
 */
export function toolMetadataRows(call: FlowCall): MetadataRow[] {
  const { metadata } = call;
  const rows: MetadataRow[] = [
    { label: "Call", value: call.id, kind: "code" },
    { label: "Tool", value: call.name, kind: "code" },
  ];
  const add = (label: string, value: string | null, kind?: MetadataRow["kind"]) => {
    if (value !== null) rows.push(kind === undefined ? { label, value } : { label, value, kind });
  };
  add("Exit code", numberText(metadata.exit_code));
  add("Full output log", stringField(metadata, "log_path"), "log");
  add("Working directory", stringField(metadata, "cwd"), "code");
  if (call.name === "file_read") {
    add("File", stringField(metadata, "path") ?? stringField(call.arguments, "path"), "code");
    add("Lines", linesText(metadata));
  }
  const repeatOf = call.repeatOf ?? (typeof metadata.repeat_of === "number" ? metadata.repeat_of : null);
  add("Same as step", repeatOf === null ? null : String(repeatOf), "step");
  add("Background command", stringField(metadata, "background_id"), "code");
  add("State", stringField(metadata, "state"));
  add("Background commands", numberText(metadata.commands));
  add("Matches", numberText(metadata.matches));
  add("Files", numberText(metadata.files));
  add("Error code", stringField(metadata, "error_code"), "code");
  return rows;
}

/**
 * The Metadata view of a code_task ("Code tasks", In the app): Status, Harness, Repository,
 * Session, Changes, Checkpoints (start → end, as short commit ids), and Harness log, whose path
 * opens Log. Status is the word the result's status line uses ("timed_out"), "running" before it.
 * The session is the result's, else the one live progress named, else the one the call resumes;
 * "none" when the result says the harness reported none.
 */
export function codeTaskMetadataRows(call: FlowCall, agentHarness: HarnessName | null): MetadataRow[] {
  const { metadata } = call;
  const rows: MetadataRow[] = [{ label: "Status", value: codeTaskStatus(call) }];
  const add = (label: string, value: string | null, kind?: MetadataRow["kind"]) => {
    if (value !== null) rows.push(kind === undefined ? { label, value } : { label, value, kind });
  };
  const harness = codeTaskHarness(call, agentHarness);
  add("Harness", harness === null ? null : HARNESS_DISPLAY_NAMES[harness]);
  add("Repository", codeTaskRepository(call), "code");
  add("Session", sessionOf(call), "code");
  add("Changes", codeTaskDiffstat(metadata));
  add("Checkpoints", checkpointsText(metadata), "code");
  add("Harness log", stringField(metadata, "log_path"), "harness-log");
  return rows;
}

function sessionOf(call: FlowCall): string | null {
  const named = stringField(call.metadata, "session_id") ?? call.progressSessionId;
  if (named !== null) return named;
  if (call.metadata.session_id === null) return "none";
  return stringField(call.arguments, "session_id");
}

/** "1a2b3c4 → 5d6e7f8"; "1a2b3c4 → (none)" before or without an end checkpoint; null without a start. */
function checkpointsText(metadata: Record<string, unknown>): string | null {
  const start = stringField(metadata, "start_sha");
  if (start === null) return null;
  const end = stringField(metadata, "end_sha");
  return `${shortSha(start)} \u2192 ${end === null ? "(none)" : shortSha(end)}`;
}

function shortSha(sha: string): string {
  return sha.slice(0, SHORT_SHA_LENGTH);
}

/** "1–200 of 512", as the read's header writes its range (an EN DASH); "none of 0" when no line was returned. */
function linesText(metadata: Record<string, unknown>): string | null {
  const range = metadata.range;
  const total = metadata.lines;
  if (!Array.isArray(range) || typeof range[0] !== "number" || typeof range[1] !== "number") return null;
  const of = typeof total === "number" ? ` of ${total}` : "";
  if (range[0] < 1) return `none${of}`;
  return `${range[0]}\u2013${range[1]}${of}`;
}

function numberText(value: unknown): string | null {
  return typeof value === "number" && Number.isFinite(value) ? String(value) : null;
}

function stringField(value: unknown, key: string): string | null {
  if (typeof value !== "object" || value === null) return null;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === "string" && field !== "" ? field : null;
}
