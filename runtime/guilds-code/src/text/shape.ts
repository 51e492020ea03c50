import {
  OUTPUT_HEAD_MAX_BYTES,
  OUTPUT_TAIL_TARGET_BYTES,
  PLATFORM_RESULT_MAX_BYTES,
} from "@guilds/protocol/limits";
import { cleanTerminalText } from "./terminalText.ts";
import { byteLength, charStartAtOrAfter, charStartAtOrBefore, keepStart } from "./utf8.ts";

/** A command's output, read by position: it never has to be in memory whole. */
export interface OutputSource {
  size: number;
  read(start: number, end: number): Buffer;
}

export interface ShapeRequest {
  source: OutputSource;
  /** Lines after the output: the timeout notice, exit_code: N. */
  trailers: string[];
  /** The request's max_bytes: the whole text stays within it. */
  maxBytes: number;
  /** How the elision line names the log, e.g. ~/.runs/<run id>/<call id>.log */
  logPath: string;
}

export interface ShapedOutput {
  text: string;
  /** Raw output bytes between the head and the tail; 0 when the output is whole. */
  elidedBytes: number;
  /** The text names the log, so it must be kept. */
  logNeeded: boolean;
}

export const NO_OUTPUT = "(no output)";

/** An output this small is cleaned whole to see whether it fits: redrawn lines shrink a lot. */
const WHOLE_OUTPUT_PROBE_BYTES = PLATFORM_RESULT_MAX_BYTES;
/** Bytes read past a cut, so the cut can see whether it falls inside a UTF-8 character. */
const UTF8_LOOKAHEAD_BYTES = 4;
const NEWLINE = 10;

export function elisionLine(elidedBytes: number, logPath: string): string {
  return `[… ${elidedBytes} bytes elided; full output: ${logPath} …]`;
}

/**
 * "Output that fits is returned whole. Otherwise its first part, at most 2 KiB, and its last part,
 * about 6 KiB, less room for the trailers, go around a line [… N bytes elided; full output: <log> …]."
 */
export function shapeOutput(request: ShapeRequest): ShapedOutput {
  const { source, trailers, maxBytes } = request;
  if (source.size <= WHOLE_OUTPUT_PROBE_BYTES) {
    const whole = withoutTrailingNewlines(cleanTerminalText(source.read(0, source.size).toString("utf8")));
    const text = [whole === "" ? NO_OUTPUT : whole, ...trailers].join("\n");
    if (byteLength(text) <= maxBytes) return { text, elidedBytes: 0, logNeeded: false };
  }
  return elide(request);
}

function elide({ source, trailers, maxBytes, logPath }: ShapeRequest): ShapedOutput {
  const budget = Math.min(maxBytes, OUTPUT_HEAD_MAX_BYTES + OUTPUT_TAIL_TARGET_BYTES);
  // N is at most the log's size, so this is the longest the elision line can be.
  const fixedBytes = byteLength(["", elisionLine(source.size, logPath), "", ...trailers].join("\n"));
  const room = Math.max(0, budget - fixedBytes);
  const headShare = Math.floor(
    (budget * OUTPUT_HEAD_MAX_BYTES) / (OUTPUT_HEAD_MAX_BYTES + OUTPUT_TAIL_TARGET_BYTES),
  );
  const head = readHead(source, Math.min(OUTPUT_HEAD_MAX_BYTES, headShare, room));
  const tail = readTail(source, room - byteLength(head.text), head.end);
  const elidedBytes = tail.start - head.end;
  const parts = [head.text, elisionLine(elidedBytes, logPath), tail.text, ...trailers];
  const text = parts.filter((part) => part !== "").join("\n");
  return { text: keepStart(text, maxBytes), elidedBytes, logNeeded: true };
}

interface Head {
  text: string;
  /** Raw bytes [0, end) are shown. */
  end: number;
}

/** The first part: cut at a line end when one is in the second half of the budget, else at a character. */
function readHead(source: OutputSource, budget: number): Head {
  if (budget <= 0 || source.size === 0) return { text: "", end: 0 };
  const window = source.read(0, Math.min(source.size, budget + UTF8_LOOKAHEAD_BYTES));
  let limit = Math.min(source.size, budget);
  for (;;) {
    const end = headCut(window, limit, source.size);
    const text = withoutOneNewline(cleanTerminalText(window.subarray(0, end).toString("utf8")));
    const excess = byteLength(text) - budget;
    // Cleaning only grows text when invalid bytes decode to U+FFFD; then cut earlier and retry.
    if (excess <= 0) return { text, end };
    limit = end - excess;
  }
}

function headCut(window: Buffer, limit: number, size: number): number {
  if (limit >= size) return size;
  if (limit <= 0) return 0;
  const lastNewline = window.lastIndexOf(NEWLINE, limit - 1);
  if (lastNewline >= limit / 2) return lastNewline + 1;
  return charStartAtOrBefore(window, limit);
}

interface Tail {
  text: string;
  /** Raw bytes [start, size) are shown. */
  start: number;
}

/** The last part: start at a line start when one is in the first half of the budget, else at a character. */
function readTail(source: OutputSource, budget: number, notBefore: number): Tail {
  if (budget <= 0) return { text: "", start: source.size };
  let start = Math.max(notBefore, source.size - budget);
  for (;;) {
    const window = source.read(start, source.size);
    const offset = start > notBefore && !followsNewline(source, start) ? tailCut(window) : 0;
    const text = withoutTrailingNewlines(cleanTerminalText(window.subarray(offset).toString("utf8")));
    const excess = byteLength(text) - budget;
    if (excess <= 0) return { text, start: start + offset };
    start += offset + excess;
  }
}

function followsNewline(source: OutputSource, position: number): boolean {
  return position === 0 || source.read(position - 1, position)[0] === NEWLINE;
}

function tailCut(window: Buffer): number {
  const firstNewline = window.indexOf(NEWLINE);
  if (firstNewline !== -1 && firstNewline < window.length / 2) return firstNewline + 1;
  return charStartAtOrAfter(window, 0);
}

function withoutOneNewline(text: string): string {
  return text.endsWith("\n") ? text.slice(0, -1) : text;
}

function withoutTrailingNewlines(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === NEWLINE) end -= 1;
  return text.slice(0, end);
}

/** An in-memory source, for tests and small outputs. */
export function bufferSource(buffer: Buffer): OutputSource {
  return { size: buffer.length, read: (start, end) => buffer.subarray(start, end) };
}
