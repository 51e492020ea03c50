// The failed status's detail rules, in the page's order.
import type { ResultMeta } from "@guilds/protocol/harness";
import { describe, expect, test } from "vitest";
import { failedDetail } from "../../src/tools/codeTask/taskReport.ts";

function result(overrides: Partial<ResultMeta>): ResultMeta {
  return {
    final_message: "",
    session_id: null,
    exit_code: 1,
    turn_error: false,
    error: null,
    stderr_tail: [],
    duration_ms: 1000,
    events: 4,
    unparsed: 0,
    version: "2.1.197",
    model: null,
    cost_usd: null,
    usage: null,
    ...overrides,
  };
}

describe("a failed turn's detail", () => {
  test("a driver that parsed none of the output says so, with the CLI's version", () => {
    expect(
      failedDetail("claude", result({ events: 0, unparsed: 12, error: "boom", stderr_tail: ["x"] })),
    ).toBe("The Claude Code driver parsed none of the CLI's output (12 lines; CLI version 2.1.197).");
    expect(failedDetail("codex", result({ events: 0, unparsed: 1, version: null }))).toBe(
      "The Codex driver parsed none of the CLI's output (1 lines; CLI version unknown).",
    );
  });

  test("a CLI that printed no event gives the last 5 lines of its stderr", () => {
    const stderr = ["one", "two", "three", "four", "five", "six", ""];
    expect(failedDetail("claude", result({ events: 0, stderr_tail: stderr, error: "Not logged in" }))).toBe(
      "two\nthree\nfour\nfive\nsix",
    );
  });

  test("... else the harness's error", () => {
    expect(failedDetail("claude", result({ events: 0, error: "Not logged in · Please run /login" }))).toBe(
      "Not logged in · Please run /login",
    );
  });

  test("otherwise the first line of the harness's error, before its stderr", () => {
    expect(
      failedDetail(
        "claude",
        result({ error: "Invalid API key\nmore", stderr_tail: ["warn"], turn_error: true }),
      ),
    ).toBe("Invalid API key");
    expect(failedDetail("claude", result({ error: "\n  API error 400 \n" }))).toBe("API error 400");
  });

  test("... else its stderr", () => {
    expect(failedDetail("gemini", result({ stderr_tail: ["fatal: it broke", "  at x"] }))).toBe(
      "fatal: it broke\n  at x",
    );
  });

  test("... else its exit code", () => {
    expect(failedDetail("claude", result({ exit_code: 3 }))).toBe("The CLI exited with code 3.");
    expect(failedDetail("claude", result({ exit_code: null }))).toBe("The CLI exited without an exit code.");
    expect(failedDetail("claude", result({ exit_code: 0, turn_error: true }))).toBe(
      "The CLI ended its turn in error (exit code 0).",
    );
    expect(failedDetail("claude", result({ events: 0, exit_code: 2 }))).toBe("The CLI exited with code 2.");
  });
});
