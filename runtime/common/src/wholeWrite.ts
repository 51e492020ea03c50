/**
 * Writes `text` and resolves once the stream has taken all of it. A pipe takes 64 KiB at once (a
 * socket a few hundred KiB) and Node queues the rest, so a process that exits before this resolves
 * loses the rest of its answer. A stream nobody reads any more (an error) resolves too.
 */
export function writeWhole(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve) => {
    stream.write(text, () => resolve());
  });
}
