/**
 * Runs the work given for one run one at a time, in the order given; other runs' work runs
 * alongside. A send and the end of the run's loop use it, so a message is either queued before the
 * loop looks at the queue for the last time, or finds the run idle.
 */
export function createOneAtATimePerRun(): <T>(runId: string, work: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<void>>();
  return (runId, work) => {
    const result = (tails.get(runId) ?? Promise.resolve()).then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(runId, tail);
    void tail.then(() => {
      if (tails.get(runId) === tail) tails.delete(runId);
    });
    return result;
  };
}
