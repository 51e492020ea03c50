/**
 * LF-only line framing with a byte cap. Intentionally not Node's readline: it also splits on
 * Unicode separators that are valid inside JSON strings.
 */
export function readLines(
  input: NodeJS.ReadableStream,
  maxLineBytes: number,
  onLine: (line: string) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let overflow = false;
    input.on("data", (chunk: Buffer) => {
      let start = 0;
      for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
        const piece = chunk.subarray(start, newline);
        if (!overflow) onLine(Buffer.concat([...pending, piece]).toString("utf8"));
        pending = [];
        pendingBytes = 0;
        overflow = false;
        start = newline + 1;
      }
      const rest = chunk.subarray(start);
      if (rest.length === 0 || overflow) return;
      pendingBytes += rest.length;
      if (pendingBytes > maxLineBytes) {
        overflow = true;
        pending = [];
        return;
      }
      pending.push(Buffer.from(rest));
    });
    input.on("end", () => resolve());
    input.on("error", reject);
  });
}
