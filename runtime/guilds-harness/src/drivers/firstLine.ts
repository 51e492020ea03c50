/** The first line of text that is not blank, trimmed; null when the text is all blank. */
export function firstLine(text: string): string | null {
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed !== "") return trimmed;
  }
  return null;
}

/** The first line once it is whole: a newline follows it. Null while it may still grow. */
export function completeFirstLine(text: string): string | null {
  const start = text.search(/\S/);
  if (start === -1) return null;
  const end = text.indexOf("\n", start);
  return end === -1 ? null : text.slice(start, end).trim();
}
