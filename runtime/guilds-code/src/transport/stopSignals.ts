/** The transport's SIGTERM, a terminal's SIGINT, a lost controlling terminal's SIGHUP. */
const STOP_SIGNALS: readonly NodeJS.Signals[] = ["SIGTERM", "SIGINT", "SIGHUP"];

/**
 * Fires when the helper is asked to stop. Listening replaces Node's default of dying at once, which
 * would leave a foreground command (its own process group) running; the helper instead stops its
 * commands as their timeout would, prints its answers, and exits. Background commands are their
 * own sessions and never hear of it.
 */
export function helperStopSignal(): AbortSignal {
  const controller = new AbortController();
  for (const name of STOP_SIGNALS) process.on(name, () => controller.abort());
  return controller.signal;
}
