/** Writes and waits until the stream took it, so an exit right after loses nothing. */
export function writeOut(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve) => {
    stream.write(text, () => resolve());
  });
}
