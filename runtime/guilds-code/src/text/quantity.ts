/** 1234567 → "1,234,567": counts people read, not numbers they copy back into a call. */
export function groupDigits(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** "1 match", "57 matches", "1,204 files". */
export function countOf(value: number, singular: string, plural = `${singular}s`): string {
  return `${groupDigits(value)} ${value === 1 ? singular : plural}`;
}
