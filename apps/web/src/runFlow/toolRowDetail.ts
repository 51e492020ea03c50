import { type MetaFields, metaFields } from "@guilds/protocol/metaFields";
import { CodeSearchArgs } from "@guilds/protocol/toolArgs";
import { CodeSearchMeta, FileReadMeta } from "@guilds/protocol/toolMeta";
import type { FlowCall } from "./runFlow.ts";

export type DetailCall = Pick<FlowCall, "name" | "arguments" | "status" | "metadata" | "result">;

/** The most of a result's first line a row carries: the row clips it to its width anyway. */
const DETAIL_MAX_CHARS = 200;

/**
 * What a finished call's row adds after the page's row text, in muted type: what an operator scans
 * for. shell and shell_status: the first line of the output; file_read: the lines it returned;
 * code_search: the pattern searched and how many matches it found. Another call that failed: the
 * first line of its error. null while the call has not ended, and when there is nothing to add.
 */
export function toolRowDetail(call: DetailCall): string | null {
  if (call.status === "pending" || call.status === "running") return null;
  switch (call.name) {
    case "shell":
    case "shell_status":
      return resultFirstLine(call.result);
    case "file_read": {
      const range = lineRangeText(metaFields(FileReadMeta, call.metadata));
      return range === null ? failedLine(call) : `lines ${range}`;
    }
    case "code_search": {
      const parsed = CodeSearchArgs.safeParse(call.arguments);
      if (!parsed.success) return failedLine(call);
      const pattern = `\u201c${parsed.data.pattern}\u201d`;
      const found = matchesText(metaFields(CodeSearchMeta, call.metadata));
      return found === null ? pattern : `${pattern} \u00b7 ${found}`;
    }
    default:
      return null;
  }
}

/**
 * "1–200 of 512", as a read's header writes its range (an EN DASH); "none of 0" when no line was
 * returned; null without a range.
 */
export function lineRangeText(meta: MetaFields<typeof FileReadMeta.shape>): string | null {
  if (meta.range === undefined) return null;
  const [first, last] = meta.range;
  const of = meta.lines === undefined ? "" : ` of ${meta.lines}`;
  if (first < 1) return `none${of}`;
  return `${first}\u2013${last}${of}`;
}

/** "12 matches in 3 files", "1 match in 1 file", "no matches"; null before the totals are known. */
function matchesText(meta: MetaFields<typeof CodeSearchMeta.shape>): string | null {
  const { matches, files } = meta;
  if (matches === undefined) return null;
  if (matches === 0) return "no matches";
  const count = `${matches} ${matches === 1 ? "match" : "matches"}`;
  return files === undefined ? count : `${count} in ${files} ${files === 1 ? "file" : "files"}`;
}

function failedLine(call: DetailCall): string | null {
  return call.status === "failed" ? resultFirstLine(call.result) : null;
}

/**
 * The first line of a result that is not blank, trimmed and cut to DETAIL_MAX_CHARS; read line by
 * line, so a 64 KiB result is not split whole for one row.
 */
export function resultFirstLine(result: string | null): string | null {
  if (result === null) return null;
  let start = 0;
  while (start < result.length) {
    const end = result.indexOf("\n", start);
    const line = result.slice(start, end < 0 ? result.length : end).trim();
    if (line !== "")
      return line.length > DETAIL_MAX_CHARS ? `${line.slice(0, DETAIL_MAX_CHARS)}\u2026` : line;
    if (end < 0) break;
    start = end + 1;
  }
  return null;
}
