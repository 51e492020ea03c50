/**
 * The start of a stream, at most `maxBytes`, read until one byte more shows that it goes on. The
 * kept text ends at a line's end when a cut was needed (a diff line is never shown half), or, with
 * no line end within the bound, before a character the bound would split.
 */
export class HeadWithin {
  private readonly chunks: Buffer[] = [];
  private keptBytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** "enough" once more than maxBytes came: the rest is not needed. */
  push(chunk: Buffer): "enough" | undefined {
    const room = this.maxBytes + 1 - this.keptBytes;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.chunks.push(kept);
    this.keptBytes += kept.length;
    return this.keptBytes > this.maxBytes ? "enough" : undefined;
  }

  get truncated(): boolean {
    return this.keptBytes > this.maxBytes;
  }

  text(): string {
    const all = Buffer.concat(this.chunks);
    if (!this.truncated) return all.toString("utf8");
    return all.subarray(0, cutAt(all, this.maxBytes)).toString("utf8");
  }
}

/** Where to cut `bytes` (longer than maxBytes): after the last line end within, else on a character boundary. */
function cutAt(bytes: Buffer, maxBytes: number): number {
  const lastNewline = bytes.lastIndexOf(10, maxBytes - 1);
  if (lastNewline !== -1) return lastNewline + 1;
  let cut = maxBytes;
  // UTF-8 continuation bytes are 10xxxxxx.
  while (cut > 0 && ((bytes[cut] ?? 0) & 0xc0) === 0x80) cut -= 1;
  return cut;
}
