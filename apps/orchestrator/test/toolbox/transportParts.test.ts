import { PassThrough } from "node:stream";
import { describe, expect, test } from "vitest";
import { CappedBuffer, TailBuffer } from "../../src/toolbox/boundedOutput.ts";
import { callEnvironment } from "../../src/toolbox/callEnvironment.ts";
import { DEFAULT_HELPER_DEADLINES, requestDeadlineMs } from "../../src/toolbox/helperDeadlines.ts";
import { frameLines } from "../../src/toolbox/lineFraming.ts";
import { isRepeatableRequest } from "../../src/toolbox/repeatableRequest.ts";
import { helperRequest } from "./requests.ts";

describe("deadlines", () => {
  test("an op waits 120 s; shell its own timeout plus 30 s", () => {
    expect(requestDeadlineMs(helperRequest("file_read", { path: "a" }), DEFAULT_HELPER_DEADLINES)).toBe(
      120_000,
    );
    expect(requestDeadlineMs(helperRequest("code_search", { pattern: "a" }), DEFAULT_HELPER_DEADLINES)).toBe(
      120_000,
    );
    expect(requestDeadlineMs(helperRequest("shell", { command: "ls" }), DEFAULT_HELPER_DEADLINES)).toBe(
      150_000,
    );
    expect(
      requestDeadlineMs(
        helperRequest("shell", { command: "ls", timeout_seconds: 600 }),
        DEFAULT_HELPER_DEADLINES,
      ),
    ).toBe(630_000);
  });
});

describe("which requests may run again after a session died holding them", () => {
  test.each([
    ["ping", {}, true],
    ["file_read", { path: "a" }, true],
    ["code_search", { pattern: "a" }, true],
    ["shell_status", {}, true],
    ["shell_status", { id: "b1" }, true],
    ["shell_status", { id: "b1", stop: true }, false],
    ["shell", { command: "ls" }, false],
    ["shell", { command: "npm run dev", background: true }, false],
  ])("%s %j: %s", (op, args, repeatable) => {
    expect(isRepeatableRequest(helperRequest(op, args))).toBe(repeatable);
  });
});

describe("bounded buffers", () => {
  test("a capped buffer keeps the first bytes and says it overflowed", () => {
    const buffer = new CappedBuffer(5);
    buffer.push(Buffer.from("abc"));
    buffer.push(Buffer.from("defgh"));
    expect(buffer.text()).toBe("abcde");
    expect(buffer.overflowed).toBe(true);
  });

  test("a tail buffer gives the last lines, however much came before", () => {
    const tail = new TailBuffer(64);
    tail.push(Buffer.from("x".repeat(10_000)));
    for (let line = 1; line <= 9; line += 1) tail.push(Buffer.from(`line ${line}\n`));
    expect(tail.lastLines(5)).toEqual(["line 5", "line 6", "line 7", "line 8", "line 9"]);
  });
});

describe("line framing", () => {
  test("splits on LF only: U+2028 and CR stay inside a line", () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    frameLines(stream, 1024, { onLine: (line) => lines.push(line), onOverflow: () => {} });
    stream.write("1 a\u2028b\r");
    stream.write("\n2 c\n3 ");
    stream.write("d\n");
    expect(lines).toEqual(["1 a\u2028b\r", "2 c", "3 d"]);
  });

  test("a line past the cap is dropped, and its head still names its id", () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    const overflows: string[] = [];
    frameLines(stream, 16, {
      onLine: (line) => lines.push(line),
      onOverflow: (head) => overflows.push(head),
    });
    stream.write(`7 ${"y".repeat(40)}\n8 ok\n`);
    expect(overflows.map((head) => head.split(" ")[0])).toEqual(["7"]);
    expect(lines).toEqual(["8 ok"]);
  });
});

describe("the call's environment", () => {
  test("secrets, then PORT and GUILDS_PORTS from the port block", () => {
    expect(callEnvironment({ TOKEN: "t", PORT: "secret-port" }, [3000, 3001, 3002])).toEqual({
      TOKEN: "t",
      PORT: "3000",
      GUILDS_PORTS: "3000,3001,3002",
    });
    expect(callEnvironment({}, [])).toEqual({});
  });
});
