import { createReadStream } from "node:fs";
import { GuildsError } from "@guilds/protocol/guildsError";
import { NOTE_CONTENT_MAX_BYTES } from "../store/noteContent.ts";

/**
 * A note's content from `file`, else from stdin: UTF-8 text of at most NOTE_CONTENT_MAX_BYTES,
 * read no further than one byte past the limit, so a huge input never fills memory.
 */
export async function readNoteContent(file: string | undefined): Promise<string> {
  if (file === undefined && process.stdin.isTTY) {
    process.stderr.write("Type the content, then Enter and Ctrl-D:\n");
  }
  const source = file === undefined ? "stdin" : file;
  const bytes = await readAtMost(file === undefined ? process.stdin : createReadStream(file), source);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new GuildsError("cli.usage", `${source} is not UTF-8 text; a note holds text.`);
  }
}

async function readAtMost(stream: NodeJS.ReadableStream, source: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      chunks.push(buffer);
      total += buffer.length;
      if (total > NOTE_CONTENT_MAX_BYTES) break;
    }
  } catch (caught) {
    throw new GuildsError(
      "cli.usage",
      `cannot read ${source}: ${caught instanceof Error ? caught.message : String(caught)}.`,
    );
  }
  if (total > NOTE_CONTENT_MAX_BYTES) {
    throw new GuildsError(
      "note.too_large",
      `${source} holds more than ${NOTE_CONTENT_MAX_BYTES} bytes; a note holds at most 1 MiB. Split it into several notes.`,
    );
  }
  return Buffer.concat(chunks);
}
