import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
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

/** Searches run from repos/x unless a test says otherwise. */
const IN_REPO = { cwd: "repos/x" };

function repoFiles(files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([name, text]) => [`repos/x/${name}`, text]));
}

describe.concurrent("code_search files mode", () => {
  test("lists matching files by count, highest first, ties by path, then the totals", async ({ helper }) => {
    writeHomeFiles(
      helper.home,
      repoFiles({
        "b.ts": "needle\n",
        "c.ts": "needle needle\nneedle\n",
        "a.ts": "needle\nneedle needle\n",
        "src/d.ts": "needle needle\n",
        "none.ts": "nothing\n",
      }),
    );
    const result = success(await helper.call("code_search", { pattern: "needle" }, IN_REPO));
    expect(result.text).toBe(
      [
        "a.ts (3 matches)",
        "c.ts (3 matches)",
        "src/d.ts (2 matches)",
        "b.ts (1 match)",
        "9 matches in 4 files",
      ].join("\n"),
    );
    expect(result.meta).toEqual({ matches: 9, files: 4 });
  });

  test("shows at most 30 files, then how many more", async ({ helper }) => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 34; index += 1) files[`f${String(index).padStart(2, "0")}.txt`] = "needle\n";
    files["top.txt"] = "needle\nneedle\n";
    writeHomeFiles(helper.home, repoFiles(files));
    const lines = success(await helper.call("code_search", { pattern: "needle" }, IN_REPO)).text.split("\n");
    expect(lines).toHaveLength(32);
    expect(lines[0]).toBe("top.txt (2 matches)");
    expect(lines[1]).toBe("f00.txt (1 match)");
    expect(lines[29]).toBe("f28.txt (1 match)");
    expect(lines.slice(30)).toEqual(["… 5 more files", "36 matches in 35 files"]);
  });

  test("limit lowers the number of files", async ({ helper }) => {
    writeHomeFiles(helper.home, repoFiles({ "a.txt": "needle\n", "b.txt": "needle\n", "c.txt": "needle\n" }));
    const result = success(await helper.call("code_search", { pattern: "needle", limit: 2 }, IN_REPO));
    expect(result.text).toBe(
      ["a.txt (1 match)", "b.txt (1 match)", "… 1 more file", "3 matches in 3 files"].join("\n"),
    );
  });

  test("searches a single file", async ({ helper }) => {
    writeHomeFiles(helper.home, repoFiles({ "src/a.ts": "needle\nneedle\n", "b.ts": "needle\n" }));
    const result = success(
      await helper.call("code_search", { pattern: "needle", path: "src/a.ts" }, IN_REPO),
    );
    expect(result.text).toBe("src/a.ts (2 matches)\n2 matches in 1 file");
  });
});

describe.concurrent("code_search content mode", () => {
  test("prints path:line: for matches, path-line- for context, and -- between groups", async ({ helper }) => {
    writeHomeFiles(
      helper.home,
      repoFiles({
        "a.txt": numberedText(12, (number) =>
          number === 3 || number === 10 ? `needle ${number}` : `line ${number}`,
        ),
        "b.txt": "first\nneedle b\n",
        "c.txt": "needle c1\nx\nneedle c3\n",
      }),
    );
    const result = success(
      await helper.call("code_search", { pattern: "needle", mode: "content", context: 1 }, IN_REPO),
    );
    expect(result.text).toBe(
      [
        "a.txt-2- line 2",
        "a.txt:3: needle 3",
        "a.txt-4- line 4",
        "--",
        "a.txt-9- line 9",
        "a.txt:10: needle 10",
        "a.txt-11- line 11",
        "--",
        "b.txt-1- first",
        "b.txt:2: needle b",
        "--",
        "c.txt:1: needle c1",
        "c.txt-2- x",
        "c.txt:3: needle c3",
        "5 matches in 3 files",
      ].join("\n"),
    );
    expect(result.meta).toEqual({ matches: 5, files: 3 });
  });

  test("without context, prints matching lines only, with no separators", async ({ helper }) => {
    writeHomeFiles(helper.home, repoFiles({ "a.txt": "needle\nx\nneedle needle\n", "b.txt": "needle\n" }));
    const result = success(await helper.call("code_search", { pattern: "needle", mode: "content" }, IN_REPO));
    expect(result.text).toBe(
      ["a.txt:1: needle", "a.txt:3: needle needle", "b.txt:1: needle", "4 matches in 2 files"].join("\n"),
    );
  });

  test("shows at most 10 matches per file and counts every match", async ({ helper }) => {
    writeHomeFiles(
      helper.home,
      repoFiles({ "many.txt": numberedText(15, (number) => `needle ${number} needle`) }),
    );
    const result = success(await helper.call("code_search", { pattern: "needle", mode: "content" }, IN_REPO));
    const lines = result.text.split("\n");
    expect(lines.slice(0, 10)).toEqual(
      Array.from({ length: 10 }, (_, index) => `many.txt:${index + 1}: needle ${index + 1} needle`),
    );
    expect(lines.slice(10)).toEqual(["… 10 more matches", "30 matches in 1 file"]);
    expect(result.meta).toEqual({ matches: 30, files: 1 });
  });

  test("shows at most 40 lines, in path order", async ({ helper }) => {
    const files: Record<string, string> = {};
    for (const name of ["e", "d", "c", "b", "a"]) files[`${name}.txt`] = numberedText(10, () => "needle");
    writeHomeFiles(helper.home, repoFiles(files));
    const result = success(await helper.call("code_search", { pattern: "needle", mode: "content" }, IN_REPO));
    const lines = result.text.split("\n");
    expect(lines).toHaveLength(42);
    expect(lines[0]).toBe("a.txt:1: needle");
    expect(lines[39]).toBe("d.txt:10: needle");
    expect(lines.slice(40)).toEqual(["… 10 more matches", "50 matches in 5 files"]);
  });

  test("limit lowers the number of lines", async ({ helper }) => {
    writeHomeFiles(helper.home, repoFiles({ "a.txt": numberedText(5, () => "needle") }));
    const result = success(
      await helper.call("code_search", { pattern: "needle", mode: "content", limit: 2 }, IN_REPO),
    );
    expect(result.text).toBe(
      ["a.txt:1: needle", "a.txt:2: needle", "… 3 more matches", "5 matches in 1 file"].join("\n"),
    );
  });

  test("clips a matched line over 300 characters", async ({ helper }) => {
    writeHomeFiles(helper.home, repoFiles({ "long.txt": `needle ${"é".repeat(993)}\n` }));
    const result = success(await helper.call("code_search", { pattern: "needle", mode: "content" }, IN_REPO));
    expect(result.text).toBe(`long.txt:1: needle ${"é".repeat(293)}… [+700 chars]\n1 match in 1 file`);
  });

  test("clips a line too long to hold, counting its escaped characters", async ({ helper }) => {
    // Over 1 MiB of JSON: read streaming. Quotes and tabs are escaped in rg's JSON, one character each.
    const line = `${'"\t'.repeat(400_000)}needle${"x".repeat(300_000)}`;
    writeHomeFiles(helper.home, repoFiles({ "big.txt": `before\n${line}\r\nafter needle\n` }));
    const result = success(await helper.call("code_search", { pattern: "needle", mode: "content" }, IN_REPO));
    expect(result.text).toBe(
      [
        `big.txt:2: ${'"\t'.repeat(150)}… [+${line.length - 300} chars]`,
        "big.txt:3: after needle",
        "2 matches in 1 file",
      ].join("\n"),
    );
  });

  test("stays under the cap and says how many lines it left out", async ({ helper }) => {
    const files: Record<string, string> = {};
    for (const name of ["a", "b", "c", "d"]) {
      files[`${name}.txt`] = numberedText(10, (number) => `needle ${number} ${"w".repeat(200)}`);
    }
    writeHomeFiles(helper.home, repoFiles(files));
    const maxBytes = 2_048;
    const result = success(
      await helper.call(
        "code_search",
        { pattern: "needle", mode: "content" },
        { ...IN_REPO, max_bytes: maxBytes },
      ),
    );
    const expected = ["a", "b", "c", "d"].flatMap((name) =>
      Array.from(
        { length: 10 },
        (_, index) => `${name}.txt:${index + 1}: needle ${index + 1} ${"w".repeat(200)}`,
      ),
    );
    const render = (shown: number) =>
      [
        ...expected.slice(0, shown),
        `[… ${40 - shown} more lines not shown to stay under ${maxBytes} bytes; narrow the search with path or glob]`,
        "40 matches in 4 files",
      ].join("\n");
    let shown = 0;
    while (Buffer.byteLength(render(shown + 1)) <= maxBytes) shown += 1;
    expect(shown).toBeGreaterThan(0);
    expect(result.text).toBe(render(shown));
    expect(result.meta).toEqual({ matches: 40, files: 4 });
  });
});

describe.concurrent("code_search scope", () => {
  test("honours .gitignore outside a git repository", async ({ helper }) => {
    writeHomeFiles(
      helper.home,
      repoFiles({
        ".gitignore": "build/\n*.log\n",
        "src/a.ts": "needle\n",
        "build/out.js": "needle\n",
        "x.log": "needle\n",
      }),
    );
    const result = success(await helper.call("code_search", { pattern: "needle" }, IN_REPO));
    expect(result.text).toBe("src/a.ts (1 match)\n1 match in 1 file");
  });

  test("honours .gitignore inside a git repository, searches hidden files, never .git", async ({
    helper,
  }) => {
    writeHomeFiles(
      helper.home,
      repoFiles({
        ".gitignore": "dist/\n",
        "src/a.ts": "needle\n",
        "dist/a.js": "needle\n",
        ".github/workflows/ci.yml": "needle\n",
      }),
    );
    execFileSync("git", ["init", "-q", path.join(helper.home, "repos/x")]);
    writeFileSync(path.join(helper.home, "repos/x/.git/description"), "needle\n");
    const result = success(await helper.call("code_search", { pattern: "needle" }, IN_REPO));
    expect(result.text).toBe(".github/workflows/ci.yml (1 match)\nsrc/a.ts (1 match)\n2 matches in 2 files");
  });

  test("from the home, skips the home's own dot folders unless named", async ({ helper }) => {
    writeHomeFiles(helper.home, {
      "repos/x/a.txt": "needle\n",
      ".runs/run0/c1.log": "needle\n",
      ".cache/tool/x": "needle\n",
    });
    const fromHome = success(await helper.call("code_search", { pattern: "needle" }));
    expect(fromHome.text).toBe("repos/x/a.txt (1 match)\n1 match in 1 file");
    const named = success(await helper.call("code_search", { pattern: "needle", path: "~/.runs" }));
    expect(named.text).toBe(".runs/run0/c1.log (1 match)\n1 match in 1 file");
    const fromRepo = success(
      await helper.call("code_search", { pattern: "needle", path: "~", mode: "content" }, IN_REPO),
    );
    expect(fromRepo.text).toBe("../../repos/x/a.txt:1: needle\n1 match in 1 file");
  });

  test("a glob names files and keeps ignored files out", async ({ helper }) => {
    writeHomeFiles(
      helper.home,
      repoFiles({
        ".gitignore": "gen.ts\n",
        "src/a.ts": "needle\n",
        "src/b.tsx": "needle\n",
        "src/gen.ts": "needle\n",
        "lib/c.ts": "needle\n",
        "README.md": "needle\n",
      }),
    );
    const byName = success(await helper.call("code_search", { pattern: "needle", glob: "*.ts" }, IN_REPO));
    expect(byName.text).toBe("lib/c.ts (1 match)\nsrc/a.ts (1 match)\n2 matches in 2 files");
    const braces = success(
      await helper.call("code_search", { pattern: "needle", glob: "**/*.{ts,tsx}" }, IN_REPO),
    );
    expect(braces.text).toBe(
      "lib/c.ts (1 match)\nsrc/a.ts (1 match)\nsrc/b.tsx (1 match)\n3 matches in 3 files",
    );
    const byPath = success(await helper.call("code_search", { pattern: "needle", glob: "lib/**" }, IN_REPO));
    expect(byPath.text).toBe("lib/c.ts (1 match)\n1 match in 1 file");
    const excluded = success(
      await helper.call("code_search", { pattern: "needle", glob: "!src/**" }, IN_REPO),
    );
    expect(excluded.text).toBe("README.md (1 match)\nlib/c.ts (1 match)\n2 matches in 2 files");
  });

  test("fixed searches for the literal text, ignore_case ignores case", async ({ helper }) => {
    writeHomeFiles(helper.home, repoFiles({ "a.txt": "call(a.b)\ncall(axb)\nCALL(A.B)\n" }));
    const fixed = success(
      await helper.call("code_search", { pattern: "(a.b)", fixed: true, mode: "content" }, IN_REPO),
    );
    expect(fixed.text).toBe("a.txt:1: call(a.b)\n1 match in 1 file");
    const folded = success(
      await helper.call(
        "code_search",
        { pattern: "call(a.b)", fixed: true, ignore_case: true, mode: "content" },
        IN_REPO,
      ),
    );
    expect(folded.text).toBe("a.txt:1: call(a.b)\na.txt:3: CALL(A.B)\n2 matches in 1 file");
  });

  test("says so exactly when nothing matches", async ({ helper }) => {
    writeHomeFiles(helper.home, repoFiles({ "src/a.ts": "hay\n" }));
    const here = success(await helper.call("code_search", { pattern: "needle" }, IN_REPO));
    expect(here.text).toBe("no matches for 'needle' in .");
    expect(here.meta).toEqual({ matches: 0, files: 0 });
    const inSrc = success(
      await helper.call("code_search", { pattern: "needle", path: "src", mode: "content" }, IN_REPO),
    );
    expect(inSrc.text).toBe("no matches for 'needle' in src");
  });

  test("shows paths relative to the working directory, ready for file_read", async ({ helper }) => {
    writeHomeFiles(helper.home, { "notes/todo.md": "needle\n", "repos/x/src/a.ts": "needle\n" });
    const result = success(
      await helper.call("code_search", { pattern: "needle", path: "~/notes", mode: "content" }, IN_REPO),
    );
    expect(result.text).toBe("../../notes/todo.md:1: needle\n1 match in 1 file");
    const read = success(await helper.call("file_read", { path: "../../notes/todo.md" }, IN_REPO));
    expect(read.text).toBe("../../notes/todo.md lines 1\u20131 of 1\n1\tneedle");
  });

  test("refuses a path outside the home and never follows links out of it", async ({ helper }) => {
    writeFileSync(path.join(helper.runtimeDir, "secret.txt"), "needle\n");
    writeHomeFiles(helper.home, repoFiles({ "a.txt": "needle\n" }));
    symlinkSync(helper.runtimeDir, path.join(helper.home, "repos/x/outside"));
    const outside = success(
      await helper.call("code_search", { pattern: "needle", path: "outside" }, IN_REPO),
    );
    expect(outside.text).toBe(
      `outside is outside the agent's home (${helper.home}); file_read and code_search only use paths inside it.`,
    );
    expect(outside.meta).toEqual({});
    const up = success(await helper.call("code_search", { pattern: "needle", path: "../../.." }, IN_REPO));
    expect(up.text).toContain("is outside the agent's home");
    const tree = success(await helper.call("code_search", { pattern: "needle" }, IN_REPO));
    expect(tree.text).toBe("a.txt (1 match)\n1 match in 1 file");
  });

  test("says a missing path does not exist, and refuses a FIFO", async ({ helper }) => {
    mkdirSync(path.join(helper.home, "repos/x"), { recursive: true });
    execFileSync("mkfifo", [path.join(helper.home, "repos/x/pipe")]);
    const missing = success(await helper.call("code_search", { pattern: "needle", path: "nope" }, IN_REPO));
    expect(missing.text).toBe("nope does not exist");
    const fifo = success(await helper.call("code_search", { pattern: "needle", path: "pipe" }, IN_REPO));
    expect(fifo.text).toBe("pipe is a FIFO (named pipe); code_search searches files and directories");
  });

  test("an invalid regex returns ripgrep's error", async ({ helper }) => {
    writeHomeFiles(helper.home, repoFiles({ "a.txt": "needle\n" }));
    const result = success(await helper.call("code_search", { pattern: "foo(" }, IN_REPO));
    expect(result.text.startsWith("ripgrep rejected the search:\n")).toBe(true);
    expect(result.text).toContain("regex parse error");
    expect(result.text.endsWith("Set fixed: true to search for the pattern as literal text.")).toBe(true);
  });

  test("invalid arguments return the argument error", async ({ helper }) => {
    const result = success(await helper.call("code_search", { pattern: "x", context: 6 }));
    expect(result.text).toBe(
      "Invalid arguments for code_search: context must be an integer from 0 to 5 (got 6). Rewrite the call with valid arguments.",
    );
    expect(result.meta).toEqual({});
  });
});
