import { z } from "zod";
import { stripDotSlash } from "./ripgrepArgs.ts";

/** rg writes text that is not UTF-8 as base64 bytes. */
const RgData = z.union([z.object({ text: z.string() }), z.object({ bytes: z.string() })]);
type RgData = z.infer<typeof RgData>;

const RgBegin = z.object({ type: z.literal("begin"), data: z.object({ path: RgData }) });
const RgLine = z.object({
  type: z.enum(["match", "context"]),
  data: z.object({
    path: RgData,
    lines: RgData,
    line_number: z.number().int().nullable(),
    submatches: z.array(z.unknown()),
  }),
});
const RgEnd = z.object({
  type: z.literal("end"),
  data: z.object({
    path: RgData,
    binary_offset: z.number().nullable(),
    stats: z.object({ matches: z.number().int(), matched_lines: z.number().int() }),
  }),
});

export type RgMessageType = "begin" | "match" | "context" | "end" | "other";

const TYPE_PREFIX = Buffer.from('{"type":"');

/**
 * The type of one `rg --json` line from its first bytes, so that lines nobody will show are never
 * parsed. rg writes "type" first in every message but the final summary, which is "other" here.
 */
export function rgMessageType(line: Buffer): RgMessageType {
  if (
    line.length < TYPE_PREFIX.length ||
    line.compare(TYPE_PREFIX, 0, TYPE_PREFIX.length, 0, TYPE_PREFIX.length) !== 0
  ) {
    return "other";
  }
  switch (line[TYPE_PREFIX.length]) {
    case 0x62: // b
      return "begin";
    case 0x6d: // m
      return "match";
    case 0x63: // c
      return "context";
    case 0x65: // e
      return "end";
    default:
      return "other";
  }
}

function parseJson(line: Buffer): unknown {
  try {
    return JSON.parse(line.toString("utf8"));
  } catch {
    return undefined;
  }
}

export interface RgPath {
  /** As displayed: relative to rg's working directory, without "./". */
  display: string;
  /** The path could be passed back to rg as an argument (it was valid UTF-8). */
  exact: boolean;
}

export function decodeRgPath(path: RgData): RgPath {
  if ("text" in path) return { display: stripDotSlash(path.text), exact: true };
  return { display: stripDotSlash(Buffer.from(path.bytes, "base64").toString("utf8")), exact: false };
}

/** The line's text without its line ending. */
export function decodeRgLineText(lines: RgData): string {
  const text = "text" in lines ? lines.text : Buffer.from(lines.bytes, "base64").toString("utf8");
  return text.replace(/\r?\n$/, "");
}

export function parseRgBegin(line: Buffer): RgPath | undefined {
  const parsed = RgBegin.safeParse(parseJson(line));
  return parsed.success ? decodeRgPath(parsed.data.data.path) : undefined;
}

export interface RgLineEvent {
  kind: "match" | "context";
  number: number;
  text: string;
  /** Matches on the line (0 for context). */
  matches: number;
}

export function parseRgLine(line: Buffer): RgLineEvent | undefined {
  const parsed = RgLine.safeParse(parseJson(line));
  if (!parsed.success) return undefined;
  const { type, data } = parsed.data;
  return {
    kind: type,
    number: data.line_number ?? 0,
    text: decodeRgLineText(data.lines),
    matches: type === "match" ? Math.max(data.submatches.length, 1) : 0,
  };
}

export interface RgFileEnd {
  path: RgPath;
  matches: number;
  matchedLines: number;
  binary: boolean;
}

export function parseRgEnd(line: Buffer): RgFileEnd | undefined {
  const parsed = RgEnd.safeParse(parseJson(line));
  if (!parsed.success) return undefined;
  const { data } = parsed.data;
  return {
    path: decodeRgPath(data.path),
    matches: data.stats.matches,
    matchedLines: data.stats.matched_lines,
    binary: data.binary_offset !== null,
  };
}
