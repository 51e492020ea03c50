/** Timestamps are ISO 8601 text in UTC: portable, and they sort as they compare. */
export function timestamp(date: Date = new Date()): string {
  return date.toISOString();
}
