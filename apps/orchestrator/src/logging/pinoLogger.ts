import { DEFAULT_LOG_LEVEL, type LogLevel } from "./logLevel.ts";
import { readableLine } from "./readableLine.ts";
import type { ServerLogger } from "./serverLogger.ts";

/**
 * The server's lines on stderr through pino: JSON lines (level, time, msg, the fields), or readable
 * lines when stderr is a terminal. Every line is written before the call returns (no transport, no
 * worker thread): none is lost when the server exits, and starting costs nothing more.
 */
export async function createPinoLogger(level: LogLevel = DEFAULT_LOG_LEVEL): Promise<ServerLogger> {
  // Loaded here, not at the top: every other command of the CLI starts without it (30-50 ms).
  const { default: pino } = await import("pino");
  const logger = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    // A terminal's writes are synchronous.
    process.stderr.isTTY
      ? { write: (line: string) => process.stderr.write(readableLine(line)) }
      : pino.destination({ fd: process.stderr.fd, sync: true }),
  );
  return {
    info: (message, fields) => logger.info(fields ?? {}, message),
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, fields) => logger.error(fields ?? {}, message),
  };
}
