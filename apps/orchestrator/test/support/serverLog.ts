/** One line of `guilds serve`'s stderr when it is not a terminal (logging/pinoLogger.ts). */
export interface LogLine {
  level: string;
  time: string;
  msg: string;
  [field: string]: unknown;
}

/** Every line of a server's stderr, parsed: a line that is not JSON fails the test that reads it. */
export function logLines(stderr: string): LogLine[] {
  return stderr
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as LogLine);
}

/** The messages of the lines, one a line, as a person would read them. */
export function logMessages(stderr: string): string {
  return logLines(stderr)
    .map((line) => line.msg)
    .join("\n");
}
