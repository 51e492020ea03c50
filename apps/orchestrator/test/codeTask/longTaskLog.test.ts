// The harness log API on a task log of the page's 2000 lines: guilds-harness answers with an
// envelope far past a pipe's 64 KiB, which must reach the server whole.

import path from "node:path";
import type { HarnessLogView } from "@guilds/protocol/apiViews";
import { HARNESS_LOG_LINES_MAX, HARNESS_LOG_RAW_MAX_BYTES } from "@guilds/protocol/harnessLimits";
import { expect, test } from "vitest";
import { useAcrossTests } from "../support/acrossTests.ts";
import { claudeEvents, createTaskHarness, finishedTask, startTask, taskApi } from "./taskFixture.ts";

const harness = useAcrossTests(() => createTaskHarness());

/** The recorded init and result around tool uses, HARNESS_LOG_LINES_MAX lines in all. */
function longLog(): string[] {
  const [init, toolUse, , , result] = claudeEvents().map((line) => JSON.parse(line));
  const toolUses = Array.from({ length: HARNESS_LOG_LINES_MAX - 2 }, (_, index) => {
    const event = structuredClone(toolUse);
    event.message.content[0].id = `toolu_long_${index}`;
    event.message.content[0].input.command = `echo step ${index + 1} ${"x".repeat(300)}`;
    return event;
  });
  return [init, ...toolUses, result].map((event) => JSON.stringify(event));
}

test("GET /api/runs/:id/tasks/:call_id/log answers a 2000-line log whole", async () => {
  const events = longLog();
  const machine = await harness.machine();
  await machine.start();
  // Through the file API: a scenario this long does not fit in one argument of a command line.
  await machine.writeFile(
    path.posix.join(machine.home, ".fake-claude", "scenario.json"),
    JSON.stringify({ events }),
  );
  const runId = await startTask(harness, { brief: "Take many steps." }, null);
  const { task } = await finishedTask(harness, runId);
  expect(task.status, task.result).toBe("completed");

  const get = await taskApi(harness);
  const answer = await get(`/api/runs/${runId}/tasks/${task.tool_call_id}/log`);
  const body = answer.body as HarnessLogView;
  expect(answer.status, JSON.stringify(body).slice(0, 500)).toBe(200);

  const whole = `${events.join("\n")}\n`;
  expect(body).toMatchObject({
    events: HARNESS_LOG_LINES_MAX,
    unparsed: 0,
    bytes: Buffer.byteLength(whole),
    raw_truncated: true,
    lines_truncated: false,
  });
  expect(Buffer.byteLength(body.raw)).toBeLessThanOrEqual(HARNESS_LOG_RAW_MAX_BYTES);
  expect(Buffer.byteLength(body.raw)).toBeGreaterThan(HARNESS_LOG_RAW_MAX_BYTES - 4096);
  expect(whole.startsWith(body.raw)).toBe(true);
  expect(body.raw.endsWith("\n")).toBe(true);
  const { lines } = body;
  expect(lines.every((line) => Array.from(line).length <= 240)).toBe(true);
  expect(lines.filter((line) => line.startsWith("Bash: echo step "))).toHaveLength(HARNESS_LOG_LINES_MAX - 2);
  expect(lines.at(-1)).toMatch(/^Bash: echo step 1998 x+…?$/);
});
