import type { FileHandle } from "node:fs/promises";

/** Large enough that per-read overhead vanishes, small enough to stay cheap to hold twice. */
export const FILE_CHUNK_BYTES = 1024 * 1024;

/**
 * The two buffers of the last read that finished, for the next one. A long-lived helper reads many
 * files: fresh 1 MiB buffers per read are freed only when the GC gets to them, and glibc serves the
 * next ones from arenas that grow and never shrink (a session's RSS rose ~2 MiB per large read).
 */
let idlePair: [Buffer, Buffer] | null = null;

function takePair(chunkBytes: number): [Buffer, Buffer] {
  const pair = idlePair;
  if (pair !== null && pair[0].length === chunkBytes) {
    idlePair = null;
    return pair;
  }
  return [Buffer.allocUnsafe(chunkBytes), Buffer.allocUnsafe(chunkBytes)];
}

/**
 * Streams a file through onChunk, in order, in one pass and constant memory. Two buffers alternate:
 * the next read runs in the thread pool while onChunk works on the current one, so onChunk must
 * be synchronous and must copy whatever it keeps. Stops early, returning false, once `cancelled`
 * fires; returns true when the whole file went through.
 */
export async function readFileChunks(
  handle: FileHandle,
  onChunk: (chunk: Buffer) => void,
  cancelled: AbortSignal,
  chunkBytes = FILE_CHUNK_BYTES,
): Promise<boolean> {
  let [current, spare] = takePair(chunkBytes);
  let position = 0;
  let pending = handle.read(current, 0, chunkBytes, position);
  let settled = false;
  try {
    for (;;) {
      const { bytesRead } = await pending;
      if (bytesRead === 0) {
        settled = true;
        return true;
      }
      if (cancelled.aborted) {
        settled = true;
        return false;
      }
      position += bytesRead;
      pending = handle.read(spare, 0, chunkBytes, position);
      onChunk(current.subarray(0, bytesRead));
      [current, spare] = [spare, current];
    }
  } finally {
    // When onChunk throws, a read is still in flight: never leave its outcome unhandled, and never
    // hand its buffer to another read.
    pending.catch(() => undefined);
    if (settled) idlePair = [current, spare];
  }
}
