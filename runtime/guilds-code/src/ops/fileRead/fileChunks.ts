import type { FileHandle } from "node:fs/promises";

/** Large enough that per-read overhead vanishes, small enough to stay cheap to hold twice. */
export const FILE_CHUNK_BYTES = 1024 * 1024;

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
  let current = Buffer.allocUnsafe(chunkBytes);
  let spare = Buffer.allocUnsafe(chunkBytes);
  let position = 0;
  let pending = handle.read(current, 0, chunkBytes, position);
  try {
    for (;;) {
      const { bytesRead } = await pending;
      if (bytesRead === 0) return true;
      if (cancelled.aborted) return false;
      position += bytesRead;
      pending = handle.read(spare, 0, chunkBytes, position);
      onChunk(current.subarray(0, bytesRead));
      [current, spare] = [spare, current];
    }
  } finally {
    // When onChunk throws, a read is still in flight: never leave its outcome unhandled.
    pending.catch(() => undefined);
  }
}
