/** Characters are code points: an emoji is one character, as a reader counts it. */
export function countChars(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    // A high surrogate followed by its low surrogate is one character.
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index += 1;
    }
    count += 1;
  }
  return count;
}

/** The first `chars` characters of text (never splitting a surrogate pair). */
export function firstChars(text: string, chars: number): string {
  let end = 0;
  for (let taken = 0; taken < chars && end < text.length; taken += 1) {
    const unit = text.charCodeAt(end);
    end += unit >= 0xd800 && unit <= 0xdbff && end + 1 < text.length ? 2 : 1;
  }
  return text.slice(0, end);
}

/**
 * Clips a line to maxChars characters with the count of what was cut: "<first maxChars>… [+N chars]".
 * charsNotInText counts characters of the line that the caller never held (the rest of a huge line).
 */
export function clipLine(text: string, maxChars: number, charsNotInText = 0): string {
  if (charsNotInText === 0 && text.length <= maxChars) return text;
  const total = countChars(text) + charsNotInText;
  if (total <= maxChars) return text;
  return `${firstChars(text, maxChars)}… [+${total - maxChars} chars]`;
}
