import { describe, expect, test } from "vitest";
import type { BackgroundRecord } from "../../../src/background/backgroundRecords.ts";
import type { BackgroundStatus } from "../../../src/ops/shellStatus/backgroundState.ts";
import {
  detailText,
  formatElapsed,
  listLine,
  listText,
} from "../../../src/ops/shellStatus/backgroundText.ts";
import { lastLines } from "../../../src/ops/shellStatus/logTail.ts";
import { bufferSource } from "../../../src/text/shape.ts";

function status(overrides: Partial<BackgroundStatus> & { id?: string; command?: string }): BackgroundStatus {
  const record: BackgroundRecord = {
    id: overrides.id ?? "b1",
    command: overrides.command ?? "npm run dev",
    cwd: "/home/agent",
    log_path: "~/.runs/r/c.log",
    log_file: "/home/agent/.runs/r/c.log",
    started_at: "2026-01-01T00:00:00.000Z",
    pid: 10,
    start_ticks: 1,
    wrapper_pid: 9,
    wrapper_start_ticks: 1,
  };
  return { record, state: "running", exitCode: null, elapsedMs: 8_000, ...overrides };
}

describe("formatElapsed", () => {
  test("seconds, minutes with seconds, hours with minutes", () => {
    expect(formatElapsed(0)).toBe("0s");
    expect(formatElapsed(8_900)).toBe("8s");
    expect(formatElapsed(185_000)).toBe("3m05s");
    expect(formatElapsed(3_600_000 + 125_000)).toBe("1h02m");
    expect(formatElapsed(-5)).toBe("0s");
  });
});

describe("the list", () => {
  test("<id> <state> <elapsed> <command first line>", () => {
    expect(listLine(status({ command: "npm run dev\n# second line" }))).toBe("b1 running 8s npm run dev");
    expect(listLine(status({ state: "exited", exitCode: 0, elapsedMs: 3_000 }))).toBe(
      "b1 exited 0 3s npm run dev",
    );
    expect(listLine(status({ state: "stopped", exitCode: 143 }))).toBe("b1 stopped 8s npm run dev");
    expect(listLine(status({ state: "ended" }))).toBe("b1 ended 8s npm run dev");
    expect(listText([], 8192)).toBe("no background commands");
  });

  test("past the cap the newest commands are kept", () => {
    const statuses = Array.from({ length: 100 }, (_, index) =>
      status({ id: `b${index + 1}`, command: `command number ${index + 1} ${"x".repeat(40)}` }),
    );
    const text = listText(statuses, 1024);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1024);
    expect(text.split("\n")[0]).toMatch(/^\[… \d+ earlier commands not listed …\]$/);
    expect(text.endsWith(`b100 running 8s command number 100 ${"x".repeat(40)}`)).toBe(true);
  });
});

describe("the detailed view", () => {
  test("state, elapsed time, log path, then the lines", () => {
    expect(detailText(status({}), ["one", "two"], 8192)).toBe(
      "b1 running for 8s\nlog: ~/.runs/r/c.log\none\ntwo",
    );
    expect(detailText(status({ state: "exited", exitCode: 2, elapsedMs: 3_000 }), [], 8192)).toBe(
      "b1 exited 2 after 3s\nlog: ~/.runs/r/c.log\n(no output)",
    );
    expect(detailText(status({ state: "stopped", exitCode: 143 }), [], 8192).split("\n")[0]).toBe(
      "b1 stopped after 8s (exit code 143)",
    );
    expect(detailText(status({ state: "stopping" }), [], 8192).split("\n")[0]).toBe(
      "b1 stopping (stop sent) after running for 8s",
    );
    expect(detailText(status({ state: "ended" }), [], 8192).split("\n")[0]).toBe(
      "b1 ended after 8s without an exit code",
    );
  });

  test("drops the oldest lines, then clips the start of a last long line, to fit", () => {
    const lines = Array.from({ length: 40 }, (_, index) => `${index + 1} ${"y".repeat(60)}`);
    const text = detailText(status({}), lines, 1024);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1024);
    expect(text.endsWith(`40 ${"y".repeat(60)}`)).toBe(true);
    const clipped = detailText(status({}), ["z".repeat(5000)], 1024);
    expect(Buffer.byteLength(clipped)).toBe(1024);
    expect(clipped.split("\n")[2]?.startsWith("…zzz")).toBe(true);
  });
});

describe("lastLines", () => {
  const numbered = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}`);

  test("the last N lines, read from the end, cleaned", () => {
    const log = `${numbered(1000).join("\n")}\n`;
    expect(lastLines(bufferSource(Buffer.from(log)), 40)).toEqual(numbered(1000).slice(-40));
    expect(lastLines(bufferSource(Buffer.from("a\n\x1b[31mb\x1b[0m\n1%\r99%")), 40)).toEqual([
      "a",
      "b",
      "99%",
    ]);
    expect(lastLines(bufferSource(Buffer.alloc(0)), 40)).toEqual([]);
  });

  test("reads a bounded window however long the lines", () => {
    const reads: number[] = [];
    const huge = Buffer.alloc(10 * 1024 * 1024, "q");
    const source = bufferSource(huge);
    const counting = {
      size: source.size,
      read: (start: number, end: number) => {
        reads.push(end - start);
        return source.read(start, end);
      },
    };
    const [line] = lastLines(counting, 40);
    expect(Math.max(...reads)).toBeLessThanOrEqual(64 * 1024);
    expect(line?.startsWith("…q")).toBe(true);
  });
});
