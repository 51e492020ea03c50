import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Envelope } from "@guilds/protocol/envelope";
import { describe, expect } from "vitest";
import { test } from "../../support/helperFixture.ts";
import { numberedText, writeHomeFiles } from "../../support/homeFiles.ts";

type Success = Extract<Envelope, { ok: true }>;

function success(envelope: Envelope): Success {
  if (!envelope.ok) throw new Error(`expected a result, got ${JSON.stringify(envelope.error)}`);
  return envelope;
}

/** cat -n style: the number right-aligned to the widest number shown, a tab, the text. */
function numbered(lines: string[], first: number, width: number): string[] {
  return lines.map((text, index) => `${String(first + index).padStart(width)}\t${text}`);
}

describe.concurrent("file_read", () => {
  test("reads the first 200 lines by default under an exact header", async ({ helper }) => {
    writeHomeFiles(helper.home, { "notes.txt": numberedText(250) });
    const result = success(await helper.call("file_read", { path: "notes.txt" }));
    const lines = result.text.split("\n");
    expect(lines[0]).toBe("notes.txt lines 1\u2013200 of 250");
    expect(lines).toHaveLength(201);
    expect(lines[1]).toBe("  1\tline 1");
    expect(lines[200]).toBe("200\tline 200");
    expect(result.meta).toMatchObject({ path: "notes.txt", range: [1, 200], lines: 250, truncated: false });
  });

  test("reads limit lines from offset", async ({ helper }) => {
    writeHomeFiles(helper.home, { "notes.txt": numberedText(250) });
    const result = success(await helper.call("file_read", { path: "notes.txt", offset: 98, limit: 5 }));
    const expected = ["line 98", "line 99", "line 100", "line 101", "line 102"];
    expect(result.text).toBe(["notes.txt lines 98\u2013102 of 250", ...numbered(expected, 98, 3)].join("\n"));
    expect(result.meta).toMatchObject({ range: [98, 102], lines: 250 });
  });

  test("stops at the end of the file", async ({ helper }) => {
    writeHomeFiles(helper.home, { "notes.txt": numberedText(12) });
    const result = success(await helper.call("file_read", { path: "notes.txt", offset: 10 }));
    expect(result.text).toBe("notes.txt lines 10\u201312 of 12\n10\tline 10\n11\tline 11\n12\tline 12");
  });

  test("counts a last line without a newline, and no empty line after a final newline", async ({
    helper,
  }) => {
    writeHomeFiles(helper.home, { "open.txt": "a\nb", "closed.txt": "a\nb\n" });
    const open = success(await helper.call("file_read", { path: "open.txt" }));
    const closed = success(await helper.call("file_read", { path: "closed.txt" }));
    expect(open.text).toBe("open.txt lines 1\u20132 of 2\n1\ta\n2\tb");
    expect(closed.text).toBe("closed.txt lines 1\u20132 of 2\n1\ta\n2\tb");
  });

  test("shows CRLF lines without their carriage returns", async ({ helper }) => {
    writeHomeFiles(helper.home, { "dos.txt": "one\r\ntwo\r\n\r\nfour\r\n" });
    const result = success(await helper.call("file_read", { path: "dos.txt" }));
    expect(result.text).toBe("dos.txt lines 1\u20134 of 4\n1\tone\n2\ttwo\n3\t\n4\tfour");
  });

  test("rejects a limit over 500, naming the range", async ({ helper }) => {
    writeHomeFiles(helper.home, { "notes.txt": "x\n" });
    const result = success(await helper.call("file_read", { path: "notes.txt", limit: 501 }));
    expect(result.text).toBe(
      "Invalid arguments for file_read: limit must be an integer from 1 to 500 (got 501). Rewrite the call with valid arguments.",
    );
    expect(result.meta).toEqual({});
  });

  test("says a missing file does not exist", async ({ helper }) => {
    const result = success(await helper.call("file_read", { path: "src/x.ts" }));
    expect(result.text).toBe("src/x.ts does not exist");
    expect(result.meta).toEqual({ path: "src/x.ts" });
  });

  test("says a directory is one, and how to list it", async ({ helper }) => {
    mkdirSync(path.join(helper.home, "src"));
    const result = success(await helper.call("file_read", { path: "src" }));
    expect(result.text).toBe("src is a directory; use code_search with mode files, or shell ls, to list it");
  });

  test("refuses a FIFO without blocking on it", async ({ helper }) => {
    execFileSync("mkfifo", [path.join(helper.home, "pipe")]);
    const result = success(await helper.call("file_read", { path: "pipe" }));
    expect(result.text).toBe(
      "pipe is a FIFO (named pipe), not a regular file; file_read reads regular files only",
    );
  });

  test("names a binary file with its size and hashes it", async ({ helper }) => {
    const content = Buffer.alloc(12_345, 0x41);
    content[7_999] = 0;
    writeHomeFiles(helper.home, { "blob.bin": content });
    const result = success(await helper.call("file_read", { path: "blob.bin" }));
    expect(result.text).toBe("blob.bin is a binary file (12,345 bytes); file_read shows text files only.");
    expect(result.meta).toMatchObject({
      binary: true,
      content_hash: createHash("sha256").update(content).digest("hex"),
    });
  });

  test("reads a file whose first NUL comes after 8000 bytes as text", async ({ helper }) => {
    const content = Buffer.concat([Buffer.from("a\n"), Buffer.alloc(8_000, 0x41), Buffer.from([0])]);
    writeHomeFiles(helper.home, { "late.txt": content });
    const result = success(await helper.call("file_read", { path: "late.txt", limit: 1 }));
    expect(result.text).toBe("late.txt lines 1\u20131 of 2\n1\ta");
  });

  test("says an empty file is empty", async ({ helper }) => {
    writeHomeFiles(helper.home, { "empty.txt": "" });
    const result = success(await helper.call("file_read", { path: "empty.txt" }));
    expect(result.text).toBe("empty.txt is empty");
    expect(result.meta).toMatchObject({ lines: 0, range: [0, 0] });
  });

  test("says an offset past the end is past the end", async ({ helper }) => {
    writeHomeFiles(helper.home, { "three.txt": numberedText(3), "one.txt": "x" });
    const three = success(await helper.call("file_read", { path: "three.txt", offset: 10 }));
    const one = success(await helper.call("file_read", { path: "one.txt", offset: 2 }));
    expect(three.text).toBe("three.txt has 3 lines; offset 10 is past the end");
    expect(one.text).toBe("one.txt has 1 line; offset 2 is past the end");
    expect(three.meta).toMatchObject({ lines: 3, range: [0, 0] });
  });

  test("clips a line over 400 characters, counting characters, not bytes", async ({ helper }) => {
    writeHomeFiles(helper.home, {
      "long.txt": `${"a".repeat(1_000)}\n${"é".repeat(450)}\n${"😀".repeat(401)}\n${"b".repeat(400)}\n${"z".repeat(100_000)}x\r\n`,
    });
    const result = success(await helper.call("file_read", { path: "long.txt" }));
    expect(result.text.split("\n").slice(1)).toEqual([
      `1\t${"a".repeat(400)}… [+600 chars]`,
      `2\t${"é".repeat(400)}… [+50 chars]`,
      `3\t${"😀".repeat(400)}… [+1 chars]`,
      `4\t${"b".repeat(400)}`,
      `5\t${"z".repeat(400)}… [+99601 chars]`,
    ]);
  });

  test("stops before the cap and says which offset continues", async ({ helper }) => {
    const text = numberedText(200, (number) => `${number} ${"x".repeat(90)}`);
    writeHomeFiles(helper.home, { "wide.txt": text });
    const maxBytes = 1_024;
    const result = success(await helper.call("file_read", { path: "wide.txt" }, { max_bytes: maxBytes }));
    const source = text.split("\n");
    // The largest N whose header, lines and stop line fit in max_bytes.
    const render = (last: number) =>
      [
        `wide.txt lines 1\u2013${last} of 200`,
        ...numbered(source.slice(0, last), 1, 3),
        `[stopped at line ${last} to stay under ${maxBytes} bytes; continue with offset ${last + 1}]`,
      ].join("\n");
    let last = 1;
    while (Buffer.byteLength(render(last + 1)) <= maxBytes) last += 1;
    expect(result.text).toBe(render(last));
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(maxBytes);
    expect(result.meta).toMatchObject({ range: [1, last], truncated: true, lines: 200 });

    const next = success(
      await helper.call(
        "file_read",
        { path: "wide.txt", offset: last + 1, limit: 2 },
        { max_bytes: maxBytes },
      ),
    );
    expect(next.text.split("\n")[0]).toBe(`wide.txt lines ${last + 1}\u2013${last + 2} of 200`);
  });

  test("never passes the cap, even when one clipped line is larger than it", async ({ helper }) => {
    writeHomeFiles(helper.home, { "wide.txt": `${"漢".repeat(500)}\nsecond\n` });
    const result = success(await helper.call("file_read", { path: "wide.txt" }, { max_bytes: 1_024 }));
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(1_024);
    expect(result.text.startsWith("wide.txt lines 1\u20131 of 2\n1\t漢")).toBe(true);
    expect(result.text.endsWith("[stopped at line 1 to stay under 1024 bytes; continue with offset 2]")).toBe(
      true,
    );
  });

  test("records the SHA-256 of the whole file and its real path", async ({ helper }) => {
    const text = numberedText(1_000);
    writeHomeFiles(helper.home, { "notes.txt": text });
    const result = success(await helper.call("file_read", { path: "notes.txt", offset: 10, limit: 2 }));
    expect(result.meta).toEqual({
      path: "notes.txt",
      range: [10, 11],
      content_hash: createHash("sha256").update(text).digest("hex"),
      lines: 1_000,
      real_path: path.join(helper.home, "notes.txt"),
      truncated: false,
    });
  });

  test("shows paths relative to the working directory", async ({ helper }) => {
    writeHomeFiles(helper.home, { "repos/x/src/a.ts": "export {};\n", "notes.txt": "hello\n" });
    const request = { cwd: "repos/x" };
    const inRepo = success(await helper.call("file_read", { path: "src/a.ts" }, request));
    expect(inRepo.text).toBe("src/a.ts lines 1\u20131 of 1\n1\texport {};");
    const fromHome = success(await helper.call("file_read", { path: "~/notes.txt" }, request));
    expect(fromHome.text).toBe("../../notes.txt lines 1\u20131 of 1\n1\thello");
    expect(fromHome.meta).toMatchObject({
      path: "../../notes.txt",
      real_path: path.join(helper.home, "notes.txt"),
    });
  });

  test("follows the working directory a shell call recorded", async ({ helper }) => {
    writeHomeFiles(helper.home, {
      "repos/x/src/a.ts": "in x\n",
      ".runs/run1/cwd": `${path.join(helper.home, "repos/x/src")}\n`,
    });
    const result = success(await helper.call("file_read", { path: "a.ts" }));
    expect(result.text).toBe("a.ts lines 1\u20131 of 1\n1\tin x");
  });

  test("reads ~/ paths from the home and absolute paths inside it", async ({ helper }) => {
    writeHomeFiles(helper.home, { "notes.txt": "hello\n", "repos/x/README": "x\n" });
    const tilde = success(await helper.call("file_read", { path: "~/notes.txt" }));
    expect(tilde.text).toBe("notes.txt lines 1\u20131 of 1\n1\thello");
    const absolute = success(
      await helper.call("file_read", { path: path.join(helper.home, "repos/x/README") }),
    );
    expect(absolute.text).toBe("repos/x/README lines 1\u20131 of 1\n1\tx");
  });

  test("refuses a link that leaves the home, and a path outside it", async ({ helper }) => {
    writeFileSync(path.join(helper.runtimeDir, "secret.txt"), "secret\n");
    symlinkSync(path.join(helper.runtimeDir, "secret.txt"), path.join(helper.home, "escape.txt"));
    const outsideMessage = (input: string) =>
      `${input} is outside the agent's home (${helper.home}); file_read and code_search only use paths inside it.`;
    const link = success(await helper.call("file_read", { path: "escape.txt" }));
    expect(link.text).toBe(outsideMessage("escape.txt"));
    const dotDot = success(await helper.call("file_read", { path: "../run/secret.txt" }));
    expect(dotDot.text).toBe(outsideMessage("../run/secret.txt"));
    expect(dotDot.text).not.toContain("secret\n");
  });

  test("follows a link that stays inside the home", async ({ helper }) => {
    writeHomeFiles(helper.home, { "repos/x/real.txt": "real\n" });
    symlinkSync(path.join(helper.home, "repos/x/real.txt"), path.join(helper.home, "alias.txt"));
    const result = success(await helper.call("file_read", { path: "alias.txt" }));
    expect(result.text).toBe("alias.txt lines 1\u20131 of 1\n1\treal");
    expect(result.meta).toMatchObject({
      path: "alias.txt",
      real_path: path.join(helper.home, "repos/x/real.txt"),
      content_hash: createHash("sha256")
        .update(readFileSync(path.join(helper.home, "alias.txt")))
        .digest("hex"),
    });
  });
});
