import { countOf } from "../../text/quantity.ts";
import { truncateUtf8, utf8Bytes } from "../../text/utf8Budget.ts";
import type { FileLines } from "./contentMatches.ts";
import type { FileCount } from "./fileCounts.ts";

export interface SearchTotals {
  matches: number;
  files: number;
}

/** Between groups of lines that are not next to each other, as rg prints with context. */
export const GROUP_SEPARATOR = "--";

/** "57 matches in 34 files" */
export function totalsLine(totals: SearchTotals): string {
  return `${countOf(totals.matches, "match", "matches")} in ${countOf(totals.files, "file")}`;
}

/** files mode: "path (N matches)", highest first, then "… N more files" and the totals. */
export function fileListLines(
  files: FileCount[],
  totals: SearchTotals,
  displayOf: (rgPath: string) => string,
): { body: string[]; trailer: string[] } {
  const body = files.map((file) => `${displayOf(file.path)} (${countOf(file.matches, "match", "matches")})`);
  const hidden = totals.files - files.length;
  const trailer = hidden > 0 ? [`… ${countOf(hidden, "more file", "more files")}`] : [];
  return { body, trailer: [...trailer, totalsLine(totals)] };
}

/**
 * content mode: "path:line: text" for matches and "path-line- text" for context, at most lineCap of
 * them; with context, "--" between groups. Then "… N more matches" when some were not shown, and
 * the totals.
 */
export function contentLines(
  files: FileLines[],
  totals: SearchTotals,
  lineCap: number,
  context: number,
  displayOf: (rgPath: string) => string,
): { body: string[]; trailer: string[] } {
  const body: string[] = [];
  let shownLines = 0;
  let shownMatches = 0;
  for (const file of files) {
    const shownPath = displayOf(file.path);
    let previous: number | undefined;
    for (const line of file.lines) {
      if (shownLines >= lineCap) break;
      const adjacent = previous !== undefined && line.number === previous + 1;
      if (context > 0 && body.length > 0 && !adjacent) body.push(GROUP_SEPARATOR);
      const mark = line.kind === "match" ? ":" : "-";
      body.push(`${shownPath}${mark}${line.number}${mark} ${line.text}`);
      shownLines += 1;
      shownMatches += line.matches;
      previous = line.number;
    }
  }
  const hidden = totals.matches - shownMatches;
  const trailer = hidden > 0 ? [`… ${countOf(hidden, "more match", "more matches")}`] : [];
  return { body, trailer: [...trailer, totalsLine(totals)] };
}

/** "[… N more lines not shown to stay under M bytes; narrow the search with path or glob]" */
export function leftOutLine(lines: number, maxBytes: number): string {
  return `[… ${countOf(lines, "more line", "more lines")} not shown to stay under ${maxBytes} bytes; narrow the search with path or glob]`;
}

/**
 * Joins body and trailer within maxBytes: when they do not fit, the body stops at a line and a line
 * says how many it left out (separators not counted); the trailer (the totals) always stays.
 */
export function fitSearchText(body: string[], trailer: string[], maxBytes: number): string {
  const whole = [...body, ...trailer].join("\n");
  if (utf8Bytes(whole) <= maxBytes) return whole;
  const trailerBytes = trailer.reduce((sum, line) => sum + utf8Bytes(line) + 1, 0);
  const contentLinesAfter = (index: number) =>
    body.slice(index).filter((line) => line !== GROUP_SEPARATOR).length;
  let kept = 0;
  let keptBytes = 0;
  for (const line of body) {
    const withLine = keptBytes + utf8Bytes(line) + 1;
    const note = leftOutLine(contentLinesAfter(kept + 1), maxBytes);
    if (withLine + utf8Bytes(note) + trailerBytes - 1 > maxBytes) break;
    keptBytes = withLine;
    kept += 1;
  }
  while (kept > 0 && body[kept - 1] === GROUP_SEPARATOR) kept -= 1;
  const text = [...body.slice(0, kept), leftOutLine(contentLinesAfter(kept), maxBytes), ...trailer].join(
    "\n",
  );
  return truncateUtf8(text, maxBytes);
}
