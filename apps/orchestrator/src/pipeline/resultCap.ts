import { PLATFORM_RESULT_MAX_BYTES } from "@guilds/protocol/limits";
import { utf8Prefix } from "./utf8Prefix.ts";

export interface CappedResult {
  text: string;
  /** True when the cap removed part of the text; such a result never counts as a file_read. */
  cut: boolean;
  /** UTF-8 bytes of the text that were removed (0 when not cut). */
  removedBytes: number;
}

/** The line that ends a cut result. */
export function resultCutLine(removedBytes: number): string {
  return `[… ${removedBytes} bytes cut: the result passed the platform's 64 KiB cap …]`;
}

/**
 * "then the platform's 64 KiB cap": a result of more than `maxBytes` UTF-8 bytes keeps its start,
 * cut at a character boundary, then a line saying how many bytes were cut; the whole, that line
 * included, stays within `maxBytes`.
 */
export function capResult(text: string, maxBytes: number = PLATFORM_RESULT_MAX_BYTES): CappedResult {
  const totalBytes = Buffer.byteLength(text, "utf8");
  if (totalBytes <= maxBytes) return { text, cut: false, removedBytes: 0 };
  // The line as long as it can get: the bytes removed are never more than the whole text.
  const lineRoom = Buffer.byteLength(`\n${resultCutLine(totalBytes)}`, "utf8");
  const kept = utf8Prefix(text, Math.max(0, maxBytes - lineRoom));
  const removedBytes = totalBytes - kept.bytes;
  return { text: `${text.slice(0, kept.units)}\n${resultCutLine(removedBytes)}`, cut: true, removedBytes };
}
