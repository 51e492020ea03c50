/**
 * A code task's run time, written as its result's status line writes its duration: "41s",
 * "2m 05s", "1h 00m 03s". Whole seconds, rounded down, so a running task's time never jumps ahead
 * of the one its result will show.
 */
export function formatRunTime(ms: number): string {
  const seconds = Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 1000)) : 0;
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
