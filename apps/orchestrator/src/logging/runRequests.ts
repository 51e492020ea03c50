/**
 * Which request started or continued a run, so that the run's log lines (runEventLog.ts) carry its
 * id. A route wraps its start of a run in `startingRun`, keyed by the agent (a new run) or the run
 * (a continued one); the run's run.started claims the oldest request waiting under its run, else
 * under its agent. Ids are unique across services, so one map serves the process.
 */
const waiting = new Map<string, string[]>();

export async function startingRun<T>(
  key: string,
  requestId: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (requestId === undefined) return work();
  const queue = waiting.get(key) ?? [];
  queue.push(requestId);
  waiting.set(key, queue);
  try {
    return await work();
  } finally {
    // Still there when the work published no run.started (it failed, or the run was busy).
    const left = waiting.get(key);
    const index = left?.indexOf(requestId) ?? -1;
    if (left !== undefined && index !== -1) {
      left.splice(index, 1);
      if (left.length === 0) waiting.delete(key);
    }
  }
}

/** The request that started this run.started, if a route said so. */
export function claimRunRequest(runId: string, agentId: string): string | undefined {
  return take(runId) ?? take(agentId);
}

function take(key: string): string | undefined {
  const queue = waiting.get(key);
  const requestId = queue?.shift();
  if (queue !== undefined && queue.length === 0) waiting.delete(key);
  return requestId;
}
