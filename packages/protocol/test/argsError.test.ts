import { describe, expect, it } from "vitest";
import { formatArgsError } from "../src/argsError.ts";
import { CodeSearchArgs, FileReadArgs, ShellArgs, ShellStatusArgs } from "../src/toolArgs.ts";

function errorText(tool: string, schema: typeof ShellArgs | typeof FileReadArgs, input: unknown): string {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error("expected the arguments to be rejected");
  return formatArgsError(tool, parsed.error, input);
}

describe("formatArgsError", () => {
  it("names the argument, its allowed range and what was given", () => {
    expect(errorText("shell", ShellArgs, { command: "ls", timeout_seconds: 601 })).toBe(
      "Invalid arguments for shell: timeout_seconds must be an integer from 1 to 600 (got 601). Rewrite the call with valid arguments.",
    );
    expect(errorText("file_read", FileReadArgs, { path: "a", limit: 501 })).toBe(
      "Invalid arguments for file_read: limit must be an integer from 1 to 500 (got 501). Rewrite the call with valid arguments.",
    );
  });

  it("says when a required argument is missing and names unknown ones", () => {
    expect(errorText("shell", ShellArgs, { cmd: "ls" })).toBe(
      "Invalid arguments for shell: command must be a non-empty string (the bash command to run) (missing); unknown argument cmd. Rewrite the call with valid arguments.",
    );
  });
});

describe("defaults", () => {
  it("fills the page's defaults", () => {
    expect(ShellArgs.parse({ command: "ls" })).toEqual({
      command: "ls",
      timeout_seconds: 120,
      background: false,
    });
    expect(FileReadArgs.parse({ path: "a" })).toEqual({ path: "a", offset: 1, limit: 200 });
    expect(CodeSearchArgs.parse({ pattern: "x" })).toEqual({
      pattern: "x",
      mode: "files",
      fixed: false,
      ignore_case: false,
      context: 0,
    });
    expect(ShellStatusArgs.parse({})).toEqual({ stop: false });
  });

  it("refuses stop without an id", () => {
    expect(ShellStatusArgs.safeParse({ stop: true }).success).toBe(false);
    expect(ShellStatusArgs.safeParse({ id: "b1", stop: true }).success).toBe(true);
    expect(ShellStatusArgs.safeParse({ id: "b0" }).success).toBe(false);
  });
});
