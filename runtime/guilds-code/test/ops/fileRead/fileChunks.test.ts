import { createHash } from "node:crypto";
import { mkdtemp, open, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { readFileChunks } from "../../../src/ops/fileRead/fileChunks.ts";

const CHUNK = 4096;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "guilds-chunks-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** The file through readFileChunks, hashed, and the number of chunks it came in. */
async function hashThroughChunks(file: string, cancelled = new AbortController().signal) {
  const handle = await open(file);
  try {
    const hash = createHash("sha256");
    let chunks = 0;
    const whole = await readFileChunks(
      handle,
      (chunk) => {
        hash.update(chunk);
        chunks += 1;
      },
      cancelled,
      CHUNK,
    );
    return { whole, chunks, digest: hash.digest("hex") };
  } finally {
    await handle.close();
  }
}

test("reads after reads (the buffers reused), a cancelled read and a failed one all leave the next read whole", async () => {
  const files = await Promise.all(
    [10 * CHUNK + 17, 3 * CHUNK, 1].map(async (size, index) => {
      const file = path.join(folder, `file-${index}`);
      const bytes = Buffer.alloc(size);
      for (let at = 0; at < size; at += 1) bytes[at] = (at * 31 + index) % 251;
      await writeFile(file, bytes);
      return {
        file,
        digest: createHash("sha256").update(bytes).digest("hex"),
        chunks: Math.ceil(size / CHUNK),
      };
    }),
  );
  for (const round of [1, 2]) {
    for (const { file, digest, chunks } of files) {
      await expect(hashThroughChunks(file), `round ${round}`).resolves.toEqual({
        whole: true,
        chunks,
        digest,
      });
    }
  }

  const cancel = new AbortController();
  cancel.abort();
  const first = files[0] ?? { file: "", digest: "", chunks: 0 };
  await expect(hashThroughChunks(first.file, cancel.signal)).resolves.toMatchObject({ whole: false });

  const handle = await open(first.file);
  await expect(
    readFileChunks(
      handle,
      () => {
        throw new Error("the consumer failed");
      },
      new AbortController().signal,
      CHUNK,
    ),
  ).rejects.toThrow("the consumer failed");
  await handle.close();

  // Two reads at once (a session runs calls side by side) never share a buffer.
  const both = await Promise.all([hashThroughChunks(first.file), hashThroughChunks(first.file)]);
  expect(both).toEqual([
    { whole: true, chunks: first.chunks, digest: first.digest },
    { whole: true, chunks: first.chunks, digest: first.digest },
  ]);
});
