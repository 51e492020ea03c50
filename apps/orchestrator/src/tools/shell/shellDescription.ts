import {
  CODE_RESULT_MAX_BYTES_DEFAULT,
  OUTPUT_HEAD_MAX_BYTES,
  OUTPUT_TAIL_TARGET_BYTES,
  SHELL_KILL_GRACE_MS,
  SHELL_TIMEOUT_DEFAULT_SECONDS,
  SHELL_TIMEOUT_EXIT_CODE,
  SHELL_TIMEOUT_MAX_SECONDS,
  SHELL_TIMEOUT_MIN_SECONDS,
} from "@guilds/protocol/limits";
import type { ToolDescription } from "../tool.ts";

export const shellDescription: ToolDescription = {
  text: `Run a bash command in the agent's sandbox: tests, builds, git, gh. Returns the combined stdout and stderr, then exit_code: N when it is not 0.

The command runs with bash -c in the run's working directory, stdin closed, pagers off. A relative path resolves against the working directory; a cd carries over to the next call, environment changes do not.

Output that fits is returned whole (each result holds about ${CODE_RESULT_MAX_BYTES_DEFAULT} bytes). A longer output keeps its first part (at most ${OUTPUT_HEAD_MAX_BYTES / 1024} KiB) and its last part (about ${OUTPUT_TAIL_TARGET_BYTES / 1024} KiB) around a line [… N bytes elided; full output: <log> …]: read that log with file_read or search it with code_search instead of running the command again.

A command past its timeout gets SIGTERM, then SIGKILL ${SHELL_KILL_GRACE_MS / 1000} seconds later, for its whole process group; its result says it timed out, with exit_code: ${SHELL_TIMEOUT_EXIT_CODE}.

For a long-running process such as a dev server, pass background: true: it starts in its own session with its output going to a log and returns at once with its id (b1, b2, …); follow or stop it with shell_status. A server listens on $PORT ($GUILDS_PORTS lists the agent's ports). Background commands end with the machine's idle stop.`,
  args: {
    command: "The bash command to run (bash -c).",
    timeout_seconds: `Seconds before the command is stopped: default ${SHELL_TIMEOUT_DEFAULT_SECONDS}, ${SHELL_TIMEOUT_MIN_SECONDS} to ${SHELL_TIMEOUT_MAX_SECONDS}.`,
    background: "true starts the command in the background and returns at once with its id; default false.",
  },
};
