import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import type { Redactor } from "./redactor.ts";

/**
 * A byte stream (a log, a large answer) redacted on its way through: UTF-8 in, UTF-8 out. A
 * character or a secret split between two chunks is still whole when it is matched. Bytes that are
 * not valid UTF-8 come out as U+FFFD.
 */
export function redactingTransform(redactor: Redactor): Transform {
  const decoder = new StringDecoder("utf8");
  const redaction = redactor.redactStream();
  return new Transform({
    // Written strings arrive as Buffers too (decodeStrings).
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      for (const piece of redaction.push(decoder.write(chunk))) this.push(Buffer.from(piece, "utf8"));
      done();
    },
    flush(done: TransformCallback) {
      for (const piece of [...redaction.push(decoder.end()), ...redaction.end()]) {
        this.push(Buffer.from(piece, "utf8"));
      }
      done();
    },
  });
}
