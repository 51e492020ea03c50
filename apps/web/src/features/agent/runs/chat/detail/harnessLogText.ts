import type { HarnessLog } from "@guilds/client/apiTypes";
import { HARNESS_LOG_LINES_MAX, HARNESS_LOG_RAW_MAX_BYTES } from "@guilds/protocol/harnessLimits";
import { parseJsonContainer } from "./resultText.ts";

/** 812 B, 12.3 KiB, 1.2 MiB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${trimmed(bytes / 1024)} KiB`;
  return `${trimmed(bytes / (1024 * 1024))} MiB`;
}

function trimmed(value: number): string {
  return value >= 100 ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, "");
}

export function formatCount(count: number): string {
  return count.toLocaleString("en-US");
}

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** "1,234 events · 2.1 MiB · 3 lines not JSON": what the whole log holds. */
export function logTotals(log: HarnessLog): string {
  const parts = [plural(log.events, "event", "events"), formatBytes(log.bytes)];
  if (log.unparsed > 0) parts.push(`${plural(log.unparsed, "line", "lines")} not JSON`);
  return parts.join(" · ");
}

/** Said under Steps when the log has more steps than the answer carries. */
export function stepsCutNote(log: HarnessLog): string | null {
  if (!log.lines_truncated) return null;
  return `Showing the first ${formatCount(HARNESS_LOG_LINES_MAX)} steps of ${plural(log.events, "event", "events")}.`;
}

/** Said under JSON when the raw events stop before the log's end. */
export function rawCutNote(log: HarnessLog): string | null {
  if (!log.raw_truncated) return null;
  return `Showing the first ${formatBytes(HARNESS_LOG_RAW_MAX_BYTES)} of ${formatBytes(log.bytes)}, whole events from the start.`;
}

/** One line of the raw JSONL: its JSON when it parses to an object or array, else its text. */
export interface RawLogLine {
  /** 1-based line of the log. */
  number: number;
  text: string;
  json: object | null;
}

export function rawLogLines(raw: string): RawLogLine[] {
  const lines = raw.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines.map((text, index) => ({ number: index + 1, text, json: parseJsonContainer(text) }));
}
