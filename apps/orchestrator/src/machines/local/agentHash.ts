/** A small stable number from an agent id (FNV-1a), for per-agent defaults such as a uid or a port block. */
export function agentHash(agentId: string, modulo: number): number {
  let hash = 0x811c9dc5;
  for (const char of Buffer.from(agentId, "utf8")) {
    hash ^= char;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % modulo;
}
