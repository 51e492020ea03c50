/** "the helper bounds each at 4 KiB": progress lines and stderr lines alike. */
export const LINE_MAX_BYTES = 4 * 1024;

function isContinuationByte(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

/** The longest start of `text` within `maxBytes` of UTF-8, never splitting a character. */
export function boundLine(text: string, maxBytes = LINE_MAX_BYTES): string {
  if (text.length <= maxBytes / 3) return text;
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return text;
  let cut = maxBytes;
  while (cut > 0 && isContinuationByte(bytes[cut])) cut -= 1;
  return bytes.subarray(0, cut).toString("utf8");
}
