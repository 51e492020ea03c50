// The row of every call other than code_task: the "Code tools" page's "Row reads" table, string for string.
import { describe, expect, test } from "vitest";
import { firstLine, type RowCall, toolRowText } from "../src/runFlow/toolFormat.ts";

function call(name: string, args: unknown, ended: Partial<RowCall> = {}): RowCall {
  return { name, arguments: args, status: "completed", metadata: {}, repeatOf: null, ...ended };
}

describe("the page's Row reads table, one case per row text", () => {
  test('shell: "Run <first line>"', () => {
    const row = toolRowText(
      call("shell", { command: "npm test -- --run\necho done" }, { metadata: { exit_code: 0 } }),
    );
    expect(row).toEqual({ summary: "Run npm test -- --run", outcome: null });
  });

  test('shell: "Start <first line>" in the background', () => {
    const row = toolRowText(
      call("shell", { command: "npm run dev", background: true }, { metadata: { background_id: "b1" } }),
    );
    expect(row).toEqual({ summary: "Start npm run dev", outcome: null });
  });

  test('shell: "timed out"', () => {
    const row = toolRowText(
      call(
        "shell",
        { command: "sleep 500", timeout_seconds: 1 },
        { metadata: { exit_code: 124, timed_out: true } },
      ),
    );
    expect(row).toEqual({ summary: "Run sleep 500", outcome: "timed out" });
  });

  test('shell: "exit N" when not 0', () => {
    const row = toolRowText(
      call("shell", { command: "ls missing" }, { metadata: { exit_code: 2, timed_out: false } }),
    );
    expect(row).toEqual({ summary: "Run ls missing", outcome: "exit 2" });
  });

  test('shell_status: "List background commands"', () => {
    expect(toolRowText(call("shell_status", {}, { metadata: { commands: 2 } }))).toEqual({
      summary: "List background commands",
      outcome: null,
    });
  });

  test('shell_status: "Check b1"', () => {
    expect(toolRowText(call("shell_status", { id: "b1" }))).toEqual({ summary: "Check b1", outcome: null });
  });

  test('shell_status: "Stop b1"', () => {
    expect(toolRowText(call("shell_status", { id: "b1", stop: true }))).toEqual({
      summary: "Stop b1",
      outcome: null,
    });
  });

  test('file_read: "Read <path>"', () => {
    expect(toolRowText(call("file_read", { path: "src/app.ts" }))).toEqual({
      summary: "Read src/app.ts",
      outcome: null,
    });
  });

  test('file_read: "Read <path> from line N"', () => {
    expect(toolRowText(call("file_read", { path: "src/app.ts", offset: 201, limit: 100 }))).toEqual({
      summary: "Read src/app.ts from line 201",
      outcome: null,
    });
  });

  test('file_read: "unchanged since step N" for a repeated read, N the step as the app numbers it', () => {
    // The model read "unchanged since step 7" (the earlier result's message seq); that result is in
    // the app's step 3.
    expect(toolRowText(call("file_read", { path: "src/app.ts" }, { repeatOf: 7, repeatOfStep: 3 }))).toEqual({
      summary: "Read src/app.ts",
      outcome: "unchanged since step 3",
    });
  });

  test('code_search: "Search files"', () => {
    expect(toolRowText(call("code_search", { pattern: "TODO" }))).toEqual({
      summary: "Search files",
      outcome: null,
    });
  });

  test('code_search: "Search lines"', () => {
    expect(toolRowText(call("code_search", { pattern: "TODO", mode: "content", context: 2 }))).toEqual({
      summary: "Search lines",
      outcome: null,
    });
  });

  test('code_search: with "in <path>"', () => {
    expect(toolRowText(call("code_search", { pattern: "TODO", path: "src/server" })).summary).toBe(
      "Search files in src/server",
    );
    expect(toolRowText(call("code_search", { pattern: "x", mode: "content", path: "lib" })).summary).toBe(
      "Search lines in lib",
    );
  });
});

describe("what a real model sends", () => {
  test("arguments that are null, not an object, or refused by the tool's schema", () => {
    for (const args of [null, 42, "rm -rf", ["ls"], { cmd: "ls" }, { command: "ls", extra: 1 }]) {
      expect(
        toolRowText(call("shell", args, { status: "failed", metadata: { error_code: "args.invalid" } })),
      ).toEqual({ summary: "shell: invalid arguments", outcome: "failed" });
    }
    expect(toolRowText(call("file_read", { path: "a.ts", offset: 0 })).summary).toBe(
      "file_read: invalid arguments",
    );
    expect(toolRowText(call("shell_status", { stop: true })).summary).toBe("shell_status: invalid arguments");
    expect(toolRowText(call("shell_status", { id: "1" })).summary).toBe("shell_status: invalid arguments");
    expect(toolRowText(call("code_search", { pattern: "" })).summary).toBe("code_search: invalid arguments");
    expect(toolRowText(call("code_search", { pattern: "x", mode: "lines" })).summary).toBe(
      "code_search: invalid arguments",
    );
  });

  test("an empty command is invalid; a command of blanks still reads", () => {
    expect(toolRowText(call("shell", { command: "" })).summary).toBe("shell: invalid arguments");
    expect(toolRowText(call("shell", { command: "  \n " })).summary).toBe("Run (empty command)");
  });

  test("the first line is the first that is not blank, trimmed", () => {
    expect(toolRowText(call("shell", { command: "\n\n  cd app && npm test  \nnpm run lint" })).summary).toBe(
      "Run cd app && npm test",
    );
    expect(firstLine("\n \nsecond\nthird")).toBe("second");
    expect(firstLine(" \n\t")).toBe("");
  });

  test("no arguments at all read as {}, as the orchestrator reads them", () => {
    expect(toolRowText(call("shell_status", "")).summary).toBe("List background commands");
    expect(toolRowText(call("shell", "  ")).summary).toBe("shell: invalid arguments");
  });

  test("offset 1 is the file's start: the row reads as without it", () => {
    expect(toolRowText(call("file_read", { path: "README.md", offset: 1 })).summary).toBe("Read README.md");
  });

  test("stop false with an id checks it", () => {
    expect(toolRowText(call("shell_status", { id: "b12", stop: false })).summary).toBe("Check b12");
  });

  test("a tool the page does not name reads as its name", () => {
    expect(toolRowText(call("browser_open", { url: "https://example.com" }))).toEqual({
      summary: "browser_open",
      outcome: null,
    });
    expect(toolRowText(call("no_such_tool", null, { status: "failed" }))).toEqual({
      summary: "no_such_tool",
      outcome: "failed",
    });
  });
});

describe("the outcome", () => {
  test("a repeated read whose earlier step the flow does not hold names no message seq", () => {
    expect(toolRowText(call("file_read", { path: "a.ts" }, { metadata: { repeat_of: 12 } })).outcome).toBe(
      "unchanged since an earlier step",
    );
  });

  test("a failed call without an exit code reads failed: a missing file, a helper error", () => {
    const missing = call(
      "file_read",
      { path: "nope.ts" },
      { status: "failed", metadata: { error_code: "file.missing" } },
    );
    expect(toolRowText(missing)).toEqual({ summary: "Read nope.ts", outcome: "failed" });
  });

  test("a cancel or an interruption says so, whatever the command printed", () => {
    const cancelled = call(
      "shell",
      { command: "npm test" },
      { status: "cancelled", metadata: { exit_code: 130, cancelled: true } },
    );
    expect(toolRowText(cancelled).outcome).toBe("cancelled");
    expect(toolRowText(call("file_read", { path: "a.ts" }, { status: "interrupted" })).outcome).toBe(
      "interrupted",
    );
  });

  test("a call not ended yet adds nothing", () => {
    expect(toolRowText(call("shell", { command: "make" }, { status: "pending" }))).toEqual({
      summary: "Run make",
      outcome: null,
    });
    expect(toolRowText(call("shell", { command: "make" }, { status: "running" })).outcome).toBeNull();
  });

  test("exit codes and timeouts are shell's: shell_status shows no outcome for its command's exit", () => {
    const status = call(
      "shell_status",
      { id: "b1" },
      { metadata: { background_id: "b1", state: "exited", exit_code: 3 } },
    );
    expect(toolRowText(status).outcome).toBeNull();
  });
});
