import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, test } from "vitest";
import { redactingTransform } from "../../src/pipeline/redactingTransform.ts";
import { createRedactor, type Redactor } from "../../src/pipeline/redactor.ts";
import { seededRandom } from "../support/seededRandom.ts";
import { naiveRedact, randomText } from "./naiveRedaction.ts";

function redactInChunks(redactor: Redactor, chunks: readonly string[]): { text: string; outputs: string[] } {
  const stream = redactor.redactStream();
  const outputs = chunks.map((chunk) => stream.push(chunk).join(""));
  outputs.push(stream.end().join(""));
  return { text: outputs.join(""), outputs };
}

describe("redactStream", () => {
  const secret = "ghp_abcdefghij0123456789";
  const text = `before ${secret} middle ${secret}${secret} after`;
  const expected = "before [redacted] middle [redacted] after";

  test("a secret split at every possible point between two chunks is still redacted", () => {
    const redactor = createRedactor([secret]);
    for (let cut = 0; cut <= text.length; cut += 1) {
      expect(redactInChunks(redactor, [text.slice(0, cut), text.slice(cut)]).text).toBe(expected);
    }
  });

  test("one character per chunk", () => {
    const redactor = createRedactor([secret]);
    expect(redactInChunks(redactor, [...text]).text).toBe(expected);
  });

  test("text that cannot start a secret is given out at once; a possible start is held back", () => {
    const redactor = createRedactor([secret]);
    const { outputs } = redactInChunks(redactor, ["plain text, ", "then ghp_abc", "defghij0123456789 end"]);
    expect(outputs).toEqual(["plain text, ", "then ", "[redacted] end", ""]);
  });

  test("pieces are slices of the chunks, never one copy: what was held back comes first", () => {
    const redactor = createRedactor([secret]);
    const stream = redactor.redactStream();
    expect(stream.push("one ghp_ab")).toEqual(["one "]);
    expect(stream.push("X two ghp_abcdefghij0123456789!")).toEqual(["ghp_ab", "X two ", "[redacted]", "!"]);
    expect(stream.end()).toEqual([]);
  });

  test("a held-back start that turns out not to be a secret comes out unchanged", () => {
    const redactor = createRedactor([secret]);
    const { outputs } = redactInChunks(redactor, ["x ghp_abcdef", "Z tail"]);
    expect(outputs).toEqual(["x ", "ghp_abcdefZ tail", ""]);
    expect(redactInChunks(redactor, ["x ghp_abcdef"]).outputs).toEqual(["x ", "ghp_abcdef"]);
  });

  test("overlapping secrets across chunk boundaries merge as in the whole text", () => {
    const redactor = createRedactor(["abcdef", "defghi", "bcde", "ghij", "abcdefghijk"]);
    const whole = "..abcdefghi.. abcdefghijk ..bcde-ghij..";
    for (let first = 0; first <= whole.length; first += 1) {
      for (let second = first; second <= whole.length; second += 3) {
        const chunks = [whole.slice(0, first), whole.slice(first, second), whole.slice(second)];
        expect(redactInChunks(redactor, chunks).text).toBe(redactor.redact(whole));
      }
    }
  });

  test("random chunkings of random texts give what the whole text gives", () => {
    const random = seededRandom(5);
    for (let round = 0; round < 200; round += 1) {
      const secrets = Array.from({ length: 1 + Math.floor(random() * 5) }, () =>
        randomText(random, "ab😀", 4 + Math.floor(random() * 5)),
      );
      const whole = randomText(random, "ab😀 ", Math.floor(random() * 120));
      const chunks: string[] = [];
      for (let at = 0; at < whole.length; ) {
        const size = Math.floor(random() * 9);
        chunks.push(whole.slice(at, at + size));
        at += size;
      }
      expect(redactInChunks(createRedactor(secrets), chunks).text).toBe(naiveRedact(whole, secrets));
    }
  });

  test("what is held back stays within the longest secret", () => {
    const redactor = createRedactor([secret]);
    const stream = redactor.redactStream();
    let given = 0;
    let pushed = 0;
    for (let round = 0; round < 1000; round += 1) {
      const chunk = round % 3 === 0 ? "ghp_abcdefghij0123" : "x".repeat(100);
      pushed += chunk.length;
      given += stream.push(chunk).join("").length;
      expect(pushed - given).toBeLessThan(secret.length);
    }
  });

  test("an endless stretch of secrets: one marker given out at once, nothing piling up", () => {
    const stream = createRedactor(["aaaa"]).redactStream();
    expect(stream.push("x aaaa")).toEqual(["x ", "[redacted]"]);
    // Were the covered text kept, each push would copy all of it: quadratic, far too slow here.
    for (let round = 0; round < 100_000; round += 1) expect(stream.push("aaaaaaaa")).toEqual([]);
    expect(stream.push("aab")).toEqual(["b"]);
    expect(stream.end()).toEqual([]);
  });

  test("with no secrets every chunk passes as it is", () => {
    const stream = createRedactor([]).redactStream();
    expect(stream.push("abc")).toEqual(["abc"]);
    expect(stream.end()).toEqual([]);
  });
});

describe("redactingTransform", () => {
  test("bytes in, bytes out: a multibyte character and a secret split between chunks", async () => {
    const redactor = createRedactor(["clé-secrète-42"]);
    const bytes = Buffer.from("début clé-secrète-42 fin 😀\n", "utf8");
    const chunks: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += 3) chunks.push(bytes.subarray(at, at + 3));
    const out: Buffer[] = [];
    await pipeline(Readable.from(chunks), redactingTransform(redactor), async (source) => {
      for await (const chunk of source) out.push(chunk as Buffer);
    });
    expect(Buffer.concat(out).toString("utf8")).toBe("début [redacted] fin 😀\n");
  });
});
