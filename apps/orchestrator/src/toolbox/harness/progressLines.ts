import { TASK_PROGRESS_LINE_MAX_CHARS } from "@guilds/protocol/harnessLimits";
import type { Redactor } from "../../pipeline/redactor.ts";

/**
 * Progress lines as the app and the log API show them: each redacted first (a secret is never cut
 * in half and so left recognisable), then cut at TASK_PROGRESS_LINE_MAX_CHARS characters, the last
 * one an ellipsis when the line was longer.
 */
export function progressLines(lines: readonly string[], redactor: Redactor): string[] {
  return lines.map((line) => cutLine(redactor.redact(line)));
}

export function cutLine(line: string, maxChars = TASK_PROGRESS_LINE_MAX_CHARS): string {
  // Characters are code points: a cut never splits a surrogate pair.
  const characters = Array.from(line);
  if (characters.length <= maxChars) return line;
  return `${characters.slice(0, maxChars - 1).join("")}\u2026`;
}
