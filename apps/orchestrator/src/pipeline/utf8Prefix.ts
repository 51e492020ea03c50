/**
 * The number of UTF-16 code units of `text` whose UTF-8 encoding fits in `maxBytes`, never
 * splitting a character, and that encoding's length. Walks only the kept part, so a cut of a huge
 * text costs what it keeps. A lone surrogate counts 3 bytes, as Buffer encodes it (U+FFFD).
 */
export function utf8Prefix(text: string, maxBytes: number): { units: number; bytes: number } {
  let bytes = 0;
  let index = 0;
  while (index < text.length) {
    const unit = text.charCodeAt(index);
    let width = 3;
    let units = 1;
    if (unit < 0x80) width = 1;
    else if (unit < 0x800) width = 2;
    else if (isHighSurrogate(unit) && isLowSurrogate(text.charCodeAt(index + 1))) {
      width = 4;
      units = 2;
    }
    if (bytes + width > maxBytes) break;
    bytes += width;
    index += units;
  }
  return { units: index, bytes };
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
