/*
 * Times of day in the flow ("14:02:33"). One formatter each, made once: a Date's
 * toLocaleTimeString builds a new one per call, which showed in a long flow's scrolling profile.
 */
const WITH_SECONDS = new Intl.DateTimeFormat(undefined, {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});
const WITHOUT_SECONDS = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

/** The local time of day of an ISO timestamp; null when it is not one. */
export function clockTime(iso: string, seconds = true): string | null {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  return (seconds ? WITH_SECONDS : WITHOUT_SECONDS).format(at);
}
