/**
 * The numbers of guilds-code's `shell_output` op (shellOutput.ts), apart from its schemas: the
 * one-shot helper reads them without loading zod.
 */

/** No poll before a foreground command has run this long: a short command costs nothing. */
export const SHELL_OUTPUT_FIRST_POLL_MS = 250;
/** Then a poll at most every this long: a few updates a second. */
export const SHELL_OUTPUT_POLL_INTERVAL_MS = 300;
/** A background command's output, while its detail is open, is asked for this often. */
export const SHELL_OUTPUT_BACKGROUND_POLL_MS = 1_000;
/** Each answer reads at most this much of the log; past it only the latest bytes are read. */
export const SHELL_OUTPUT_READ_MAX_BYTES = 256 * 1024;
/** A line longer than this (no newline yet) is shown by its start; its rest is skipped. */
export const SHELL_OUTPUT_LINE_MAX_BYTES = 4 * 1024;
/** The first line of an answer that left lines out. */
export const SHELL_OUTPUT_EARLIER_MARK = "… earlier lines not shown";
