// What a finished call's row adds after the page's row text (issue 17): the first line of output, the
// lines read, the pattern searched and its matches. The row text itself stays the page's.
import { describe, expect, test } from "vitest";
import { type DetailCall, resultFirstLine, toolRowDetail } from "../src/runFlow/toolRowDetail.ts";

function call(name: string, args: unknown, ended: Partial<DetailCall> = {}): DetailCall {
  return { name, arguments: args, status: "completed", metadata: {}, result: null, ...ended };
}

describe("a finished call's secondary text", () => {
  test("shell: the first line of its output, blank lines skipped", () => {
    const ran = call(
      "shell",
      { command: "npm test" },
      { result: "\n  PASS src/a.test.ts  \nTests: 3 passed" },
    );
    expect(toolRowDetail(ran)).toBe("PASS src/a.test.ts");
    const failed = call(
      "shell",
      { command: "ls nope" },
      {
        result: "ls: cannot access 'nope': No such file or directory\n\nexit_code: 2",
        metadata: { exit_code: 2 },
      },
    );
    expect(toolRowDetail(failed)).toBe("ls: cannot access 'nope': No such file or directory");
    expect(toolRowDetail(call("shell", { command: "true" }, { result: "(no output)" }))).toBe("(no output)");
  });

  test("shell_status: the first line of what it returned", () => {
    const listed = call("shell_status", {}, { result: "b1 running 12s npm run dev\nb2 exited 0 3s make" });
    expect(toolRowDetail(listed)).toBe("b1 running 12s npm run dev");
  });

  test("file_read: the line range it returned, as its header writes it", () => {
    const read = call(
      "file_read",
      { path: "src/app.ts", offset: 40 },
      { metadata: { path: "src/app.ts", range: [40, 239], lines: 512, content_hash: "ab" } },
    );
    expect(toolRowDetail(read)).toBe("lines 40\u2013239 of 512");
    const empty = call(
      "file_read",
      { path: "e.txt" },
      { metadata: { path: "e.txt", range: [0, 0], lines: 0 } },
    );
    expect(toolRowDetail(empty)).toBe("lines none of 0");
  });

  test("file_read that failed: the first line of its error", () => {
    const missing = call(
      "file_read",
      { path: "nope.ts" },
      { status: "failed", result: "nope.ts does not exist.\n\nremaining_tool_calls: 4", metadata: {} },
    );
    expect(toolRowDetail(missing)).toBe("nope.ts does not exist.");
  });

  test("code_search: the pattern searched, then its match count", () => {
    const found = call(
      "code_search",
      { pattern: "fn_needle", mode: "content" },
      { metadata: { matches: 12, files: 3 } },
    );
    expect(toolRowDetail(found)).toBe("\u201cfn_needle\u201d \u00b7 12 matches in 3 files");
    const one = call("code_search", { pattern: "x" }, { metadata: { matches: 1, files: 1 } });
    expect(toolRowDetail(one)).toBe("\u201cx\u201d \u00b7 1 match in 1 file");
    const none = call("code_search", { pattern: "zzz" }, { metadata: { matches: 0, files: 0 } });
    expect(toolRowDetail(none)).toBe("\u201czzz\u201d \u00b7 no matches");
    const failed = call("code_search", { pattern: "(" }, { status: "failed", result: "regex parse error" });
    expect(toolRowDetail(failed)).toBe("\u201c(\u201d");
  });

  test("nothing while a call is pending or running, nor for a tool without one", () => {
    expect(toolRowDetail(call("shell", { command: "ls" }, { status: "running", result: null }))).toBeNull();
    expect(toolRowDetail(call("shell", { command: "ls" }, { status: "pending" }))).toBeNull();
    expect(toolRowDetail(call("browser_open", { url: "x" }, { result: "opened" }))).toBeNull();
  });

  test("a long first line is cut to 200 characters and an ellipsis", () => {
    expect(resultFirstLine(`${"x".repeat(500)}\nmore`)).toBe(`${"x".repeat(200)}\u2026`);
    expect(resultFirstLine("\n \n")).toBeNull();
  });
});
