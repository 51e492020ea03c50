/**
 * A task's run time on its status line: "41s", "2m 05s", "1h 00m 03s". Whole seconds, rounded
 * down: a task reads its time as it has passed.
 */
export function formatTaskDuration(durationMs: number): string {
  const seconds = Math.max(0, Math.floor(durationMs / 1000));
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
