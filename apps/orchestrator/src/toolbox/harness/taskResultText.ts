import { HARNESS_DISPLAY_NAMES } from "@guilds/protocol/harness";
import { formatDiffstat } from "../checkpoints/diffstatLines.ts";
import { formatTaskDuration } from "./taskDuration.ts";
import type { TaskReport } from "./taskReport.ts";

export const NO_FINAL_MESSAGE = "(no final message)";

/**
 * The result as the page's "Result" section lays it out: the status line, the diffstat and its
 * files, the detail, a blank line, the final message, a blank line, the log. The final message gives
 * way from its start so the whole fits `maxBytes` (CODE_RESULT_MAX_BYTES): its end holds the
 * questions and summaries.
 */
export function formatTaskResult(report: TaskReport, maxBytes: number): string {
  const head = [statusLine(report)];
  if (report.diff !== null) head.push(...formatDiffstat(report.diff));
  if (report.detail !== null && report.detail !== "") head.push(report.detail);
  const before = `${head.join("\n")}\n\n`;
  const after = report.logPath === null ? "" : `\n\nlog: ${report.logPath}`;
  const message = report.finalMessage.trim() === "" ? NO_FINAL_MESSAGE : report.finalMessage;
  const room = maxBytes - Buffer.byteLength(before, "utf8") - Buffer.byteLength(after, "utf8");
  return `${before}${keepEnd(message, room)}${after}`;
}

export function statusLine(report: TaskReport): string {
  return [
    report.status,
    HARNESS_DISPLAY_NAMES[report.harness],
    report.repository,
    `session ${report.sessionId ?? "none"}`,
    formatTaskDuration(report.durationMs),
  ].join(" \u00b7 ");
}

/** "[… N bytes removed from the start …]" on a line of its own, before what is kept. */
export function removedMarker(bytes: number): string {
  return `[\u2026 ${bytes} bytes removed from the start \u2026]\n`;
}

/**
 * `text` whole when it fits `room` bytes, else its last bytes (never half a character) after the
 * marker saying how many bytes went, the two together within `room` when the marker fits at all.
 */
export function keepEnd(text: string, room: number): string {
  const encoded = Buffer.from(text, "utf8");
  if (encoded.length <= room) return text;
  // The marker is sized for the largest count, so the real one (never more digits) fits too.
  const keptBytes = Math.max(0, room - Buffer.byteLength(removedMarker(encoded.length), "utf8"));
  let start = encoded.length - keptBytes;
  while (start < encoded.length && isContinuationByte(encoded[start])) start += 1;
  return `${removedMarker(start)}${encoded.subarray(start).toString("utf8")}`;
}

function isContinuationByte(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}
