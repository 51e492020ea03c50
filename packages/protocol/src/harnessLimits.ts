/**
 * Every number of the "Code tasks" page, in one place: the code enforces these and the code_task
 * description quotes them.
 */

/** "Timeout: 30 minutes by default, 1 to 60" */
export const TASK_TIMEOUT_DEFAULT_MINUTES = 30;
export const TASK_TIMEOUT_MIN_MINUTES = 1;
export const TASK_TIMEOUT_MAX_MINUTES = 60;
/** "Notes: At most 64 KiB together" */
export const TASK_NOTES_MAX_BYTES = 64 * 1024;
/** "Changed files listed: At most 30" */
export const TASK_CHANGED_FILES_MAX = 30;
/** "Poll: Every 3 seconds; three failed polls in a row stop the harness" */
export const TASK_POLL_INTERVAL_MS = 3_000;
export const TASK_POLL_FAILURES_MAX = 3;
/** "Each poll reads at most 256 KiB of the log." */
export const TASK_POLL_READ_MAX_BYTES = 256 * 1024;
/** "At most 60 lines per poll, each cut at 240 characters; the app keeps a call's latest 200" */
export const TASK_PROGRESS_LINES_MAX = 60;
export const TASK_PROGRESS_LINE_MAX_CHARS = 240;
export const TASK_PROGRESS_KEPT_LINES = 200;
/** "session_id: Letters, digits, and _ . : -, at most 200 characters" */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;
/** "stop: SIGTERM to the CLI's process group, SIGKILL ten seconds later" */
export const HARNESS_KILL_GRACE_MS = 10_000;
/** "Each op waits up to 60 seconds; each task checkpoint up to 300." */
export const HARNESS_OP_TIMEOUT_MS = 60_000;
export const CHECKPOINT_TIMEOUT_MS = 300_000;
/** Harness log API: "at most the first 2000" lines; raw "whole lines from the start within 256 KiB" */
export const HARNESS_LOG_LINES_MAX = 2000;
export const HARNESS_LOG_RAW_MAX_BYTES = 256 * 1024;
/** "A CLI that printed no event ... gives the last 5 lines of its stderr" */
export const HARNESS_STDERR_TAIL_LINES = 5;
