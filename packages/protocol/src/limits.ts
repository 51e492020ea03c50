/**
 * Every number of the "Code tools" page, in one place. The code enforces these constants and the
 * tool descriptions shown to the model quote them, so the two cannot drift apart.
 */

/** "shell timeout: 120 seconds by default, 1 to 600" */
export const SHELL_TIMEOUT_DEFAULT_SECONDS = 120;
export const SHELL_TIMEOUT_MIN_SECONDS = 1;
export const SHELL_TIMEOUT_MAX_SECONDS = 600;
/** "A command past its timeout gets SIGTERM, then SIGKILL two seconds later, for its whole process group." */
export const SHELL_KILL_GRACE_MS = 2_000;
/** Exit code reported for a command stopped by its timeout. */
export const SHELL_TIMEOUT_EXIT_CODE = 124;

/** "its first part, at most 2 KiB, and its last part, about 6 KiB, less room for the trailers" */
export const OUTPUT_HEAD_MAX_BYTES = 2 * 1024;
export const OUTPUT_TAIL_TARGET_BYTES = 6 * 1024;

/** "stop on a running command sends SIGTERM to its process group, then SIGKILL five seconds later" */
export const BACKGROUND_KILL_GRACE_MS = 5_000;
/** "With id, it shows ... the last 40 lines of the log." */
export const BACKGROUND_TAIL_LINES = 40;

/** "file_read: 200 lines by default, at most 500; lines over 400 characters clipped" */
export const FILE_READ_LIMIT_DEFAULT = 200;
export const FILE_READ_LIMIT_MAX = 500;
export const FILE_READ_LINE_MAX_CHARS = 400;
/** "A file whose first 8000 bytes hold a NUL byte is binary" */
export const BINARY_PROBE_BYTES = 8000;

/** "code_search: 30 files or 40 lines at most; 10 matches per file; 60 seconds" */
export const SEARCH_MAX_FILES = 30;
export const SEARCH_MAX_LINES = 40;
export const SEARCH_MAX_MATCHES_PER_FILE = 10;
export const SEARCH_CONTEXT_MAX = 5;
export const SEARCH_LINE_MAX_CHARS = 300;
export const SEARCH_TIMEOUT_MS = 60_000;

/** "CODE_RESULT_MAX_BYTES, default 8192 bytes ... at least 1024" */
export const CODE_RESULT_MAX_BYTES_DEFAULT = 8192;
export const CODE_RESULT_MAX_BYTES_MIN = 1024;
/** "then the platform's 64 KiB cap" */
export const PLATFORM_RESULT_MAX_BYTES = 64 * 1024;

/** "Logs: kept for the agent's 20 most recent runs" */
export const RUNS_KEPT = 20;

/** "A request whose encoding passes 64 KiB is written ... to /run/guilds/requests/<run id>-<call id>.json" */
export const REQUEST_INLINE_MAX_BYTES = 64 * 1024;
/** "A guilds-code op waits up to 120 seconds; shell waits its own timeout plus 30 seconds." */
export const HELPER_OP_TIMEOUT_MS = 120_000;
export const HELPER_SHELL_EXTRA_MS = 30_000;
/** "A helper that prints no envelope fails the call with "code helper failed" and the last 5 lines of its stderr." */
export const HELPER_STDERR_TAIL_LINES = 5;
/** How much of a helper's stderr is kept to find those lines in. */
export const HELPER_STDERR_TAIL_BYTES = 16 * 1024;
