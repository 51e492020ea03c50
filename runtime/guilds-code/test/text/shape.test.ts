import { OUTPUT_HEAD_MAX_BYTES } from "@guilds/protocol/limits";
import { describe, expect, test } from "vitest";
import { bufferSource, elisionLine, NO_OUTPUT, shapeOutput } from "../../src/text/shape.ts";
import { cleanTerminalText } from "../../src/text/terminalText.ts";

const LOG = "~/.runs/r/c.log";

function shape(output: string | Buffer, maxBytes = 8192, trailers: string[] = []) {
  const buffer = typeof output === "string" ? Buffer.from(output, "utf8") : output;
  return shapeOutput({ source: bufferSource(buffer), trailers, maxBytes, logPath: LOG });
}

/** "line 0001\n" … : ten bytes a line. */
function numberedLines(from: number, to: number): string {
  const lines: string[] = [];
  for (let number = from; number <= to; number += 1) lines.push(`line ${String(number).padStart(4, "0")}`);
  return lines.join("\n");
}

describe("cleanTerminalText", () => {
  test("removes CSI, OSC and other escape sequences", () => {
    expect(cleanTerminalText("\x1b[1;31mred\x1b[0m plain\x1b[K")).toBe("red plain");
    expect(cleanTerminalText("\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\ and \x1b]0;title\x07done")).toBe(
      "link and done",
    );
    expect(cleanTerminalText("\x1b(Bcharset \x1b=keypad \x1b7saved")).toBe("charset keypad saved");
    expect(cleanTerminalText("cut off \x1b[3")).toBe("cut off ");
    expect(cleanTerminalText("lone \x1b")).toBe("lone ");
  });

  test("a line redrawn with carriage returns keeps its last state", () => {
    expect(cleanTerminalText("a\rb\rc\n")).toBe("c\n");
    expect(cleanTerminalText("x\r\ny\r\n")).toBe("x\ny\n");
    expect(cleanTerminalText("10%\r50%\r100%")).toBe("100%");
    expect(cleanTerminalText("\x1b[2K\rprogress 1\r\x1b[2Kprogress 2\ndone\n")).toBe("progress 2\ndone\n");
  });
});

describe("shapeOutput: whole", () => {
  test("empty output reads (no output), trailers on their own lines", () => {
    expect(shape("")).toEqual({ text: NO_OUTPUT, elidedBytes: 0, logNeeded: false });
    expect(shape("", 8192, ["exit_code: 3"]).text).toBe("(no output)\nexit_code: 3");
    expect(shape("\x1b[0m\n").text).toBe(NO_OUTPUT);
  });

  test("output that fits is returned whole, cleaned, without its final newline", () => {
    expect(shape("a\nb\n")).toEqual({ text: "a\nb", elidedBytes: 0, logNeeded: false });
    expect(shape("\x1b[32mok\x1b[0m\r\n10%\r100%\n", 8192, ["exit_code: 1"]).text).toBe(
      "ok\n100%\nexit_code: 1",
    );
  });

  test("a long output that cleans down to a short one is whole", () => {
    const redraws = `${Array.from({ length: 5000 }, (_, index) => `${index}%`).join("\r")}\ndone\n`;
    expect(redraws.length).toBeGreaterThan(20_000);
    expect(shape(redraws)).toEqual({ text: "4999%\ndone", elidedBytes: 0, logNeeded: false });
  });
});

describe("shapeOutput: elided", () => {
  test("head cut at a line end, tail from a line start, exact elided count", () => {
    // 2000 lines of 10 bytes. max 1024: head share 256 -> 25 lines (250 bytes); the elision line
    // reserves 58 bytes, so the tail gets 1024 - 60 - 249 = 715 bytes -> from 19285, the next line
    // start is 19290: lines 1930..2000.
    const result = shape(`${numberedLines(1, 2000)}\n`, 1024);
    expect(result.text).toBe(
      [
        numberedLines(1, 25),
        "[… 19040 bytes elided; full output: ~/.runs/r/c.log …]",
        numberedLines(1930, 2000),
      ].join("\n"),
    );
    expect(result.elidedBytes).toBe(20_000 - 250 - 710);
    expect(result.logNeeded).toBe(true);
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(1024);
  });

  test("at the default cap the head is 2 KiB and the whole text fits the cap", () => {
    const result = shape(`${numberedLines(1, 5000)}\n`, 8192);
    const [head, rest] = result.text.split(`\n${elisionLine(result.elidedBytes, LOG)}\n`);
    expect(head).toBe(numberedLines(1, 204));
    expect(Buffer.byteLength(`${head}\n`)).toBeLessThanOrEqual(OUTPUT_HEAD_MAX_BYTES);
    const tailLines = (rest ?? "").split("\n");
    expect(tailLines.at(-1)).toBe("line 5000");
    const tailBytes = Buffer.byteLength(`${rest}\n`);
    expect(result.elidedBytes).toBe(50_000 - 2040 - tailBytes);
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(8192);
    expect(Buffer.byteLength(result.text)).toBeGreaterThan(8192 - 20);
  });

  test("trailers come after the tail and are counted in the cap", () => {
    const trailers = ["[timed out after 1s; the command was stopped]", "exit_code: 124"];
    const result = shape(`${numberedLines(1, 2000)}\n`, 1024, trailers);
    expect(
      result.text.endsWith("line 2000\n[timed out after 1s; the command was stopped]\nexit_code: 124"),
    ).toBe(true);
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(1024);
  });

  test("without line breaks, cuts fall between UTF-8 characters", () => {
    // 10000 × "€" (3 bytes). Head: 256 -> 255 bytes (85 characters). Tail: 709 bytes from 29291,
    // inside a character -> 29292: 236 characters.
    const result = shape("€".repeat(10_000), 1024);
    expect(result.text).toBe(
      ["€".repeat(85), "[… 29037 bytes elided; full output: ~/.runs/r/c.log …]", "€".repeat(236)].join("\n"),
    );
    expect(result.text).not.toContain("\uFFFD");
  });

  test("invalid bytes, which decode larger, still fit the cap", () => {
    const result = shape(Buffer.alloc(50_000, 0xff), 1024);
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(1024);
    expect(result.text).toContain("bytes elided");
  });

  test("whatever the output and the cap, the text fits", () => {
    const pieces = ["x", "é", "\n", "\r", "\x1b[31m", "€€€", "long line ".repeat(50), "\x1b]0;t\x07"];
    let seed = 7;
    const random = (limit: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % limit;
    };
    for (let round = 0; round < 200; round += 1) {
      let output = "";
      const count = random(4000);
      for (let index = 0; index < count; index += 1) output += pieces[random(pieces.length)];
      const maxBytes = 1024 + random(9000);
      const result = shape(output, maxBytes, random(2) ? ["exit_code: 2"] : []);
      expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(maxBytes);
      expect(result.elidedBytes).toBeGreaterThanOrEqual(0);
    }
  });
});
