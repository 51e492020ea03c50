import { expect, test } from "vitest";
import { readableLine } from "../../src/logging/readableLine.ts";
import { requestIdFrom } from "../../src/logging/requestId.ts";

const time = "2026-01-02T03:04:05.000Z";
const clock = new Date(time).toTimeString().slice(0, 8);

test("a pino line at a terminal: the old prefix, the level's word, the fields quoted only when needed", () => {
  expect(readableLine(JSON.stringify({ level: "info", time, msg: "run started", run_id: "run_1" }))).toBe(
    `[guilds] ${clock} run started run_id=run_1\n`,
  );
  expect(
    readableLine(
      JSON.stringify({ level: "warn", time, msg: "run ended", reason: 'the model said "no"', tool_calls: 2 }),
    ),
  ).toBe(`[guilds] ${clock} WARNING: run ended reason="the model said \\"no\\"" tool_calls=2\n`);
  expect(readableLine(JSON.stringify({ level: "error", time, msg: "failed" }))).toBe(
    `[guilds] ${clock} ERROR: failed\n`,
  );
  expect(
    readableLine(JSON.stringify({ level: "info", time, notice: true, msg: "guilds is listening" })),
  ).toBe("guilds is listening\n");
});

test("a request id is kept when short and plain, else made", () => {
  expect(requestIdFrom("abc-123")).toBe("abc-123");
  const made = [undefined, "", "a b", 'a"b', "x".repeat(129), "line\nbreak"].map(requestIdFrom);
  for (const id of made) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(new Set(made).size).toBe(made.length);
});
