/** Receives a child's output split on LF, with a bound on what one line may hold in memory. */
export interface LineSink {
  /** A whole line, without its LF, of at most maxLineBytes. */
  line(bytes: Buffer): void;
  /** A longer line: its first maxLineBytes, then the rest in pieces, then its end. */
  longLineStart(head: Buffer): void;
  longLineMore(piece: Buffer): void;
  longLineEnd(): void;
}

const NEWLINE = 0x0a;

/**
 * LF-only framing (never readline, which also splits on Unicode separators) in constant memory:
 * a line past maxLineBytes is streamed to the sink instead of being gathered.
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private long = false;

  constructor(
    private readonly maxLineBytes: number,
    private readonly sink: LineSink,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let newline = chunk.indexOf(NEWLINE); newline !== -1; newline = chunk.indexOf(NEWLINE, start)) {
      if (this.pendingBytes === 0 && !this.long && newline - start <= this.maxLineBytes) {
        this.sink.line(chunk.subarray(start, newline));
      } else {
        this.gather(chunk.subarray(start, newline));
        this.closeLine();
      }
      start = newline + 1;
    }
    if (start < chunk.length) this.gather(chunk.subarray(start));
  }

  /** The output ended: a last line without LF still counts. */
  end(): void {
    if (this.pendingBytes > 0 || this.long) this.closeLine();
  }

  private gather(piece: Buffer): void {
    if (this.long) {
      if (piece.length > 0) this.sink.longLineMore(piece);
      return;
    }
    if (this.pendingBytes + piece.length <= this.maxLineBytes) {
      // Stream chunks are never reused, so holding a view is safe.
      this.pending.push(piece);
      this.pendingBytes += piece.length;
      return;
    }
    const gathered = Buffer.concat([...this.pending, piece]);
    this.pending = [];
    this.pendingBytes = 0;
    this.long = true;
    this.sink.longLineStart(gathered.subarray(0, this.maxLineBytes));
    this.sink.longLineMore(gathered.subarray(this.maxLineBytes));
  }

  private closeLine(): void {
    if (this.long) {
      this.long = false;
      this.sink.longLineEnd();
      return;
    }
    const line = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    this.sink.line(line ?? Buffer.alloc(0));
  }
}
