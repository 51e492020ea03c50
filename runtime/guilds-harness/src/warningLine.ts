/**
 * A line a CLI prints as a warning, not as its error: "Warning: Basic terminal detected …",
 * "Security Warning: Skipping system settings file …", "WARNING: proceeding, even though …",
 * "⚠️  Security Warnings:", "(node:12) [DEP0040] DeprecationWarning: …". A failed task's detail never
 * reads one of them in place of the error.
 */
const WARNING_LINE =
  /^\W*(?:\(node:\d+\)\s*)?(?:\[\w+\]\s*)?(?:security\s+|deprecation|experimental)?warnings?\b/i;

export function isWarningLine(line: string): boolean {
  return WARNING_LINE.test(line);
}
