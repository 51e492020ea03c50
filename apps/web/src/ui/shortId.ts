/**
 * An id short enough to read: its last 6 characters. The server's ids are <prefix>_<time><random>
 * (apps/orchestrator/src/store/ids.ts); their start is the time, shared by ids made together, so
 * the end tells them apart.
 */
export function shortId(id: string): string {
  const bare = id.slice(id.lastIndexOf("_") + 1);
  return bare.length > 6 ? bare.slice(-6) : bare;
}
