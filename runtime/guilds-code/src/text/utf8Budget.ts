/** Byte length of text once encoded as UTF-8: the unit of every result cap. */
export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/**
 * The last guard before a result leaves the helper: text cut to maxBytes at a character boundary.
 * Formatting already fits results to their cap; this only ever acts on a bug or a pathological path.
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (utf8Bytes(text) <= maxBytes) return text;
  const bytes = Buffer.from(text, "utf8");
  let end = maxBytes;
  // Step back over continuation bytes so no character is split.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString("utf8");
}
