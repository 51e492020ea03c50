/**
 * A code task's run time as its result's status line writes it, and the app shows it while the task
 * runs: "41s", "2m 05s", "1h 00m 03s". Whole seconds, rounded down, so a running task's time never
 * jumps ahead of the one its result will show.
 *
 * @example formatTaskDuration(125_400) // "2m 05s"
 */
export function formatTaskDuration(durationMs: number): string {
  const seconds = Number.isFinite(durationMs) ? Math.max(0, Math.floor(durationMs / 1000)) : 0;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours}h ${twoDigits(minutes)}m ${twoDigits(rest)}s`;
  if (minutes > 0) return `${minutes}m ${twoDigits(rest)}s`;
  return `${rest}s`;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, "0");
}
