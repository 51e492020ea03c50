import {
  TASK_CHANGED_FILES_MAX,
  TASK_NOTES_MAX_BYTES,
  TASK_POLL_FAILURES_MAX,
  TASK_POLL_INTERVAL_MS,
  TASK_TIMEOUT_DEFAULT_MINUTES,
  TASK_TIMEOUT_MAX_MINUTES,
  TASK_TIMEOUT_MIN_MINUTES,
} from "@guilds/protocol/harnessLimits";
import type { ToolDescription } from "../tool.ts";

const NOTES_CAP = `at most ${TASK_NOTES_MAX_BYTES / 1024} KiB together; a note past the cap is named, not included`;
const TIMEOUT = `default ${TASK_TIMEOUT_DEFAULT_MINUTES}, ${TASK_TIMEOUT_MIN_MINUTES} to ${TASK_TIMEOUT_MAX_MINUTES}`;

export const codeTaskDescription: ToolDescription = {
  text: `Delegate a change to the agent's harness (its coding-agent CLI), or resume its session: one turn of the harness in one of the guild's repositories, ending with its final message. Then check the work with shell, file_read and code_search.

The harness sees nothing of this conversation, the notes or memory: write a self-contained brief (what to change, where, how to check it). notes appends notes or records to the brief (${NOTES_CAP}). The harness may commit on the current branch; it never pushes and never opens pull requests: you do both yourself.

The call blocks until the harness exits, timeout_minutes at most (${TIMEOUT}). It is checked every ${TASK_POLL_INTERVAL_MS / 1000} seconds; ${TASK_POLL_FAILURES_MAX} failed checks in a row stop it. A start and an end checkpoint of the repository give the task its own diff.

The result: <status> · <harness> · <repository> · session <id> · <duration>, where status is completed, failed, timed_out, cancelled or interrupted; the files changed (at most ${TASK_CHANGED_FILES_MAX} listed); what went wrong, when something did; the harness's final message; and its log in the home (read it with file_read). A question from the harness is its final message, not an error: answer it by calling code_task again with the session_id from the result and the answer as the brief. A task stopped by its timeout, a cancel or a harness that stopped answering keeps what it wrote: resume the session to continue.`,
  args: {
    brief: "Required. The whole task, self-contained: the harness sees nothing else.",
    repo: "Repository name under repos/. Optional when the guild has one; with session_id, the repository the session started in.",
    session_id:
      "Resumes that harness session (the session of an earlier result); brief is its next turn. Letters, digits and _ . : -, at most 200 characters.",
    notes: `Display paths of notes or collection records whose content is appended to the brief (${NOTES_CAP}).`,
    timeout_minutes: `Minutes before the harness is stopped: ${TIMEOUT}.`,
  },
};
