/**
 * Why a run's loop is stopped when nobody cancelled it: the server is stopping (a restart, SIGTERM,
 * Ctrl-C). It is the abort reason of the run's signal, so the loop ends the run interrupted, not
 * cancelled, and the operator continues it with a message once the server is back.
 */
export class ServerStop {
  /** What a code task looks for to end interrupted rather than cancelled (tools/codeTask/taskTurn.ts, abortedByServerStop). */
  readonly serverStopped = true;
  /** The run's status_reason and run.ended's reason. */
  readonly runReason: string;
  /** The line a call in flight gets after what it returned so far. */
  readonly callResult: string;

  constructor(signal?: NodeJS.Signals) {
    const stopped = signal === undefined ? "the server stopped" : `the server stopped (${signal})`;
    this.runReason = `${stopped} while the run was in progress; send a message to continue it`;
    this.callResult = `[${stopped} while this call ran, so it was stopped; run it again if it is still needed]`;
  }
}

/** The server stop that aborted `signal`, if that is why it was aborted (else a cancel, or nothing). */
export function serverStopOf(signal: AbortSignal): ServerStop | undefined {
  return signal.aborted && signal.reason instanceof ServerStop ? signal.reason : undefined;
}
