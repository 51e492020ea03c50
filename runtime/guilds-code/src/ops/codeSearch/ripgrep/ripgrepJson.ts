import { stripDotSlash } from "./ripgrepArgs.ts";

/**
 * rg's JSON lines read by hand: zod's module costs more than a search at every one-shot helper's
 * start. A line whose shape is not rg's (a newer rg, a cut line) reads as undefined, as before.
 */

/** rg writes text that is not UTF-8 as base64 bytes. */
type RgData = { text: string } | { bytes: string };

type Json = Record<string, unknown>;

function objectOf(value: unknown): Json | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function rgData(value: unknown): RgData | undefined {
  const data = objectOf(value);
  if (typeof data?.text === "string") return { text: data.text };
  if (typeof data?.bytes === "string") return { bytes: data.bytes };
  return undefined;
}

function isInteger(value: unknown): value is number {
  return Number.isSafeInteger(value);
}

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
  const message = objectOf(parseJson(line));
  if (message?.type !== "begin") return undefined;
  const path = rgData(objectOf(message.data)?.path);
  return path ? decodeRgPath(path) : undefined;
}

export interface RgLineEvent {
  kind: "match" | "context";
  number: number;
  text: string;
  /** Matches on the line (0 for context). */
  matches: number;
}

export function parseRgLine(line: Buffer): RgLineEvent | undefined {
  const message = objectOf(parseJson(line));
  const type = message?.type;
  if (type !== "match" && type !== "context") return undefined;
  const data = objectOf(message?.data);
  const lines = rgData(data?.lines);
  const number = data?.line_number;
  const submatches = data?.submatches;
  if (!rgData(data?.path) || !lines || !Array.isArray(submatches)) return undefined;
  if (number !== null && !isInteger(number)) return undefined;
  return {
    kind: type,
    number: number ?? 0,
    text: decodeRgLineText(lines),
    matches: type === "match" ? Math.max(submatches.length, 1) : 0,
  };
}

export interface RgFileEnd {
  path: RgPath;
  matches: number;
  matchedLines: number;
  binary: boolean;
}

export function parseRgEnd(line: Buffer): RgFileEnd | undefined {
  const message = objectOf(parseJson(line));
  if (message?.type !== "end") return undefined;
  const data = objectOf(message.data);
  const path = rgData(data?.path);
  const stats = objectOf(data?.stats);
  const binaryOffset = data?.binary_offset;
  if (!path || !stats || !isInteger(stats.matches) || !isInteger(stats.matched_lines)) return undefined;
  if (binaryOffset !== null && typeof binaryOffset !== "number") return undefined;
  return {
    path: decodeRgPath(path),
    matches: stats.matches,
    matchedLines: stats.matched_lines,
    binary: binaryOffset !== null,
  };
}
