import { NO_OUTPUT } from "../../text/shape.ts";
import { byteLength, keepEnd, keepStart } from "../../text/utf8.ts";
import type { BackgroundStatus } from "./backgroundState.ts";

const SECONDS_PER_MINUTE = 60;
const SECONDS_PER_HOUR = 3_600;
const MS_PER_SECOND = 1_000;

/** 8s, 3m05s, 1h02m. */
export function formatElapsed(elapsedMs: number): string {
  const seconds = Math.max(0, Math.floor(elapsedMs / MS_PER_SECOND));
  if (seconds < SECONDS_PER_MINUTE) return `${seconds}s`;
  if (seconds < SECONDS_PER_HOUR) {
    return `${Math.floor(seconds / SECONDS_PER_MINUTE)}m${twoDigits(seconds % SECONDS_PER_MINUTE)}s`;
  }
  const minutes = Math.floor((seconds % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE);
  return `${Math.floor(seconds / SECONDS_PER_HOUR)}h${twoDigits(minutes)}m`;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, "0");
}

/** The state as the page names it: running, exited N, stopping, stopped, ended. */
export function stateLabel(status: BackgroundStatus): string {
  return status.state === "exited" ? `exited ${status.exitCode}` : status.state;
}

/** "<id> <state> <elapsed> <command>", the command by its first line. */
export function listLine(status: BackgroundStatus): string {
  const firstLine = status.record.command.split("\n", 1)[0] ?? "";
  return `${status.record.id} ${stateLabel(status)} ${formatElapsed(status.elapsedMs)} ${firstLine}`;
}

export const NO_BACKGROUND_COMMANDS = "no background commands";

/**
 * Every command, one line each, in id order. Past the cap the newest are kept, under a line saying
 * how many earlier ones were left out.
 */
export function listText(statuses: BackgroundStatus[], maxBytes: number): string {
  if (statuses.length === 0) return NO_BACKGROUND_COMMANDS;
  const lines = statuses.map(listLine);
  for (let skipped = 0; skipped < lines.length; skipped += 1) {
    const shown = lines.slice(skipped);
    const text = (skipped > 0 ? [`[… ${skipped} earlier commands not listed …]`, ...shown] : shown).join(
      "\n",
    );
    if (byteLength(text) <= maxBytes) return text;
  }
  return keepStart(lines[lines.length - 1] ?? "", maxBytes);
}

/** The first line of the detailed view: state, exit code and elapsed time. */
export function headline(status: BackgroundStatus): string {
  const id = status.record.id;
  const elapsed = formatElapsed(status.elapsedMs);
  switch (status.state) {
    case "running":
      return `${id} running for ${elapsed}`;
    case "stopping":
      return `${id} stopping (stop sent) after running for ${elapsed}`;
    case "exited":
      return `${id} exited ${status.exitCode} after ${elapsed}`;
    case "stopped":
      return status.exitCode === null
        ? `${id} stopped after ${elapsed}`
        : `${id} stopped after ${elapsed} (exit code ${status.exitCode})`;
    case "ended":
      return `${id} ended after ${elapsed} without an exit code`;
  }
}

/** Headline, log path, then the log's last lines, dropping the oldest until the text fits. */
export function detailText(status: BackgroundStatus, logLines: string[], maxBytes: number): string {
  const header = [headline(status), `log: ${status.record.log_path}`].join("\n");
  if (logLines.length === 0) return keepStart(`${header}\n${NO_OUTPUT}`, maxBytes);
  const room = maxBytes - byteLength(header) - 1;
  let first = 0;
  let bytes = logLines.reduce((total, line) => total + byteLength(line) + 1, -1);
  while (bytes > room && first < logLines.length - 1) {
    bytes -= byteLength(logLines[first] ?? "") + 1;
    first += 1;
  }
  const lines = logLines.slice(first);
  if (bytes > room) lines[0] = `…${keepEnd(lines[0] ?? "", Math.max(0, room - byteLength("…")))}`;
  return keepStart([header, ...lines].join("\n"), maxBytes);
}
