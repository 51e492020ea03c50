/**
 * A foreground command whose call was cancelled (SIGTERM to a one-shot helper, a cancel line to
 * serve, serve's stdin closing) is stopped the way its timeout stops it, and reported the same way:
 * this line instead of "[timed out after Ns; the command was stopped]", then exit_code: 130, the
 * code a shell gives a command interrupted by Ctrl-C (128 + SIGINT).
 */
export const SHELL_CANCELLED_TRAILER = "[cancelled; the command was stopped]";
export const SHELL_CANCELLED_EXIT_CODE = 130;
