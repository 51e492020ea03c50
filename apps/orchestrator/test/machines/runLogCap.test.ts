import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { LOG_CAP_BYTES, LOG_KEEP_HEAD_BYTES, LOG_MARKER_OFFSET } from "@guilds/protocol/runLogCap";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { probeBwrap } from "../../src/machines/local/bwrap/bwrapProbe.ts";
import { sandboxUser } from "../../src/machines/local/bwrap/sandboxUser.ts";
import { type AttackAgent, attackAgent } from "../attacks/attackMachines.ts";
import { cappedLogState } from "./cappedLog.ts";
import { waitFor } from "./machineFixture.ts";

const probe = await probeBwrap(sandboxUser("log-cap-probe"));
if (!probe.usable) console.warn(`skipping the run log cap tests: ${probe.reason}`);

/** 60 MB of numbered lines, so any part of the log says where in the output it was. */
const OUTPUT_BYTES = 60_000_000;
const PRODUCE = `seq -w 1 99999999 | head -c ${OUTPUT_BYTES}`;

/** Bytes [start, end) of PRODUCE's output: line n (from 1) is n, 8 digits, and a newline. */
function outputBytes(start: number, end: number): Buffer {
  const first = Math.floor(start / 9);
  const lines = Array.from(
    { length: Math.ceil(end / 9) - first + 1 },
    (_, index) => `${String(first + index + 1).padStart(8, "0")}\n`,
  ).join("");
  return Buffer.from(lines).subarray(start - first * 9, end - first * 9);
}

describe.skipIf(!probe.usable)("run logs are capped while they are written", () => {
  let agent: AttackAgent;
  beforeAll(async () => {
    agent = await attackAgent("bwrap", "log-cap", {
      pids: 256,
      memoryBytes: 512 * 1024 * 1024,
      cpus: 2,
      diskBytes: 1024 * 1024 * 1024,
      tmpfsBytes: 32 * 1024 * 1024,
    });
  });
  afterAll(async () => {
    await agent?.dispose();
  });

  const hostLog = (logPath: unknown) => path.join(agent.homeHost, String(logPath).replace(/^~\//, ""));

  test("a foreground log past the cap keeps its head, a marker and its tail; the result counts every byte", async () => {
    const call = await agent.shell({ command: `${PRODUCE}; sleep 4`, timeout_seconds: 60 });
    const file = hostLog(call.meta.log_path);
    const stored = statSync(file).size;
    expect(stored).toBeLessThanOrEqual(LOG_CAP_BYTES);
    const log = readFileSync(file);
    const marker = log.subarray(LOG_MARKER_OFFSET, LOG_KEEP_HEAD_BYTES).toString("utf8");
    expect(marker).toMatch(
      new RegExp(
        `^\\n\\[… ${OUTPUT_BYTES - stored} bytes dropped from this log: it keeps its first 8 MiB and its last 16 MiB …\\] *\\n$`,
      ),
    );
    // The head as printed, the tail as printed (the output's last line is cut at 60 MB).
    expect(log.subarray(0, 18).toString("utf8")).toBe("00000001\n00000002\n");
    const expectedTail = outputBytes(OUTPUT_BYTES - 100, OUTPUT_BYTES);
    expect(log.subarray(log.length - 100)).toEqual(expectedTail);
    // The result's elision line counts the whole output, dropped bytes included.
    const elided = Number(/\[… (\d+) bytes elided; full output: /.exec(call.text)?.[1]);
    expect(elided).toBeGreaterThan(OUTPUT_BYTES - 8192);
    expect(elided).toBeLessThan(OUTPUT_BYTES);
    expect(call.text.endsWith(expectedTail.subarray(-6).toString("utf8"))).toBe(true);
  }, 90_000);

  test("a background command's log is capped while it runs", async () => {
    const started = await agent.shell({ command: `${PRODUCE}; sleep 1000`, background: true });
    const file = hostLog(started.meta.log_path);
    // Once the whole output is written, the next sweep leaves the log within the cap, holding its
    // head and tail and saying what it dropped. (Between sweeps, 2 s apart, a fast writer can take
    // the log past the cap; the output ending is no sign that the last sweep has run.)
    const capped = () => {
      const { storedBytes, droppedBytes } = cappedLogState(file);
      return droppedBytes > 0 && droppedBytes + storedBytes === OUTPUT_BYTES && storedBytes <= LOG_CAP_BYTES;
    };
    expect(await waitFor(capped, 30_000)).toBe(true);
    expect(readFileSync(file).subarray(-100)).toEqual(outputBytes(OUTPUT_BYTES - 100, OUTPUT_BYTES));
    await agent.shellStatus({ id: String(started.meta.background_id), stop: true });
  }, 90_000);
});
