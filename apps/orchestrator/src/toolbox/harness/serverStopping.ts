/**
 * Whether a code task's signal was aborted because the server is stopping (a restart, SIGTERM), not
 * by a cancel: the runs' stop reason says so (runs/serverStop.ts), and the task then ends
 * interrupted, to be resumed, as an orchestrator restart ends it on the page.
 */
export function abortedByServerStop(signal: AbortSignal): boolean {
  const reason: unknown = signal.reason;
  return signal.aborted && typeof reason === "object" && reason !== null && "serverStopped" in reason;
}
