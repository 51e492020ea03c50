/** Byte-level cuts that never split a UTF-8 character. */

const MAX_CONTINUATION_BYTES = 3;

function isContinuationByte(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

/** The start of the character holding `index` (or `index` itself on a boundary). */
export function charStartAtOrBefore(bytes: Uint8Array, index: number): number {
  let position = Math.min(index, bytes.length);
  for (let step = 0; step < MAX_CONTINUATION_BYTES && isContinuationByte(bytes[position]); step += 1) {
    position -= 1;
  }
  return Math.max(position, 0);
}

/** The first character boundary at or after `index`. */
export function charStartAtOrAfter(bytes: Uint8Array, index: number): number {
  let position = Math.max(index, 0);
  for (let step = 0; step < MAX_CONTINUATION_BYTES && isContinuationByte(bytes[position]); step += 1) {
    position += 1;
  }
  return Math.min(position, bytes.length);
}

export function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/** The longest start of `text` within `maxBytes`. */
export function keepStart(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return text;
  return bytes.subarray(0, charStartAtOrBefore(bytes, Math.max(maxBytes, 0))).toString("utf8");
}

/** The longest end of `text` within `maxBytes`. */
export function keepEnd(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return text;
  return bytes.subarray(charStartAtOrAfter(bytes, bytes.length - Math.max(maxBytes, 0))).toString("utf8");
}
