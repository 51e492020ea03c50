import { HARNESS_DISPLAY_NAMES, type HarnessName } from "@guilds/protocol/harness";
import { metaFields } from "@guilds/protocol/metaFields";
import { CallMeta, CodeSearchMeta, FileReadMeta, ShellStatusMeta } from "@guilds/protocol/toolMeta";
import {
  argumentText,
  type CodeTaskMetaFields,
  codeTaskMeta,
  filled,
  ShellCallMeta,
} from "../../../../runFlow/callMeta.ts";
import type { FlowCall } from "../../../../runFlow/runFlow.ts";
import { lineRangeText } from "../../../../runFlow/toolRowDetail.ts";
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
 * that apply are given; the metadata is read with its tool's schema, field by field.
 */
export function toolMetadataRows(call: FlowCall): MetadataRow[] {
  const rows = new Rows([
    { label: "Call", value: call.id, kind: "code" },
    { label: "Tool", value: call.name, kind: "code" },
  ]);
  const { metadata } = call;
  switch (call.name) {
    case "shell": {
      const meta = metaFields(ShellCallMeta, metadata);
      rows.add("Exit code", numberText(meta.exit_code));
      rows.add("Full output log", meta.log_path, "log");
      rows.add("Working directory", meta.cwd, "code");
      rows.add("Background command", meta.background_id, "code");
      break;
    }
    case "shell_status": {
      const meta = metaFields(ShellStatusMeta, metadata);
      rows.add("Exit code", numberText(meta.exit_code));
      rows.add("Full output log", meta.log_path, "log");
      rows.add("Background command", meta.background_id, "code");
      rows.add("State", meta.state);
      rows.add("Background commands", numberText(meta.commands));
      break;
    }
    case "file_read": {
      const meta = metaFields(FileReadMeta, metadata);
      rows.add("File", filled(meta.path) ?? argumentText(call.arguments, "path"), "code");
      rows.add("Lines", lineRangeText(meta));
      // The step as the flow numbers it (the model's text names the earlier result's message seq).
      const repeated = call.repeatOf !== null || meta.repeat_of !== undefined;
      rows.add("Same as step", repeated ? sameAsStepText(call.repeatOfStep) : null, "step");
      break;
    }
    case "code_search": {
      const meta = metaFields(CodeSearchMeta, metadata);
      rows.add("Matches", numberText(meta.matches));
      rows.add("Files", numberText(meta.files));
      break;
    }
  }
  rows.add("Error code", metaFields(CallMeta, metadata).error_code, "code");
  return rows.list;
}

/**
 * The Metadata view of a code_task ("Code tasks", In the app): Status, Harness, Repository,
 * Session, Changes, Checkpoints (start → end, as short commit ids), and Harness log, whose path
 * opens Log. Status is the word the result's status line uses ("timed_out"), "running" before it.
 * The session is the result's, else the one live progress named, else the one the call resumes;
 * "none" when the result says the harness reported none.
 */
export function codeTaskMetadataRows(call: FlowCall, agentHarness: HarnessName | null): MetadataRow[] {
  const meta = codeTaskMeta(call);
  const rows = new Rows([{ label: "Status", value: codeTaskStatus(call) }]);
  const harness = codeTaskHarness(call, agentHarness);
  rows.add("Harness", harness === null ? null : HARNESS_DISPLAY_NAMES[harness]);
  rows.add("Repository", codeTaskRepository(call), "code");
  rows.add("Session", sessionOf(call, meta), "code");
  rows.add("Changes", codeTaskDiffstat(meta));
  rows.add("Checkpoints", checkpointsText(meta), "code");
  rows.add("Harness log", meta.log_path, "harness-log");
  return rows.list;
}

/** The rows so far; a value absent or empty adds none. */
class Rows {
  constructor(readonly list: MetadataRow[]) {}

  add(label: string, value: string | null | undefined, kind?: MetadataRow["kind"]): void {
    if (value === null || value === undefined || value === "") return;
    this.list.push(kind === undefined ? { label, value } : { label, value, kind });
  }
}

function sessionOf(call: FlowCall, meta: CodeTaskMetaFields): string | null {
  const named = filled(meta.session_id) ?? call.progressSessionId;
  if (named !== null) return named;
  if (meta.session_id === null) return "none";
  return argumentText(call.arguments, "session_id");
}

/** "1a2b3c4 → 5d6e7f8"; "1a2b3c4 → (none)" before or without an end checkpoint; null without a start. */
function checkpointsText(meta: CodeTaskMetaFields): string | null {
  const start = filled(meta.start_sha);
  if (start === null) return null;
  const end = filled(meta.end_sha);
  return `${shortSha(start)} \u2192 ${end === null ? "(none)" : shortSha(end)}`;
}

function shortSha(sha: string): string {
  return sha.slice(0, SHORT_SHA_LENGTH);
}

/** The flow's number of the step a repeated read points to; "an earlier step" when the flow has not got it. */
function sameAsStepText(step: number | null): string {
  return step === null ? "an earlier step" : String(step);
}

function numberText(value: number | null | undefined): string | null {
  return value === null || value === undefined ? null : String(value);
}
