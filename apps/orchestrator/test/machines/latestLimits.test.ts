import { expect, test } from "vitest";
import { DEFAULT_LIMIT_SETTINGS } from "../../src/machines/effectiveLimits.ts";
import { createLatestLimits } from "../../src/machines/latestLimits.ts";
import { DEFAULT_MACHINE_LIMITS } from "../../src/machines/machineLimits.ts";

const GiB = 1024 ** 3;

test("a machine's reader gives the effective limits of the agent's latest settings, at each read", () => {
  const latest = createLatestLimits({ memoryBytes: 8 * GiB });
  const read = latest.reader("ag_1");
  expect(read()).toEqual(DEFAULT_MACHINE_LIMITS);

  latest.remember({ id: "ag_1", limits: { ...DEFAULT_LIMIT_SETTINGS, memoryBytes: 6 * GiB } });
  expect(read().memoryBytes).toBe(6 * GiB);
  latest.remember({ id: "ag_1", limits: { ...DEFAULT_LIMIT_SETTINGS, cpus: 0.5 } });
  expect(read()).toMatchObject({ memoryBytes: 4 * GiB, cpus: 0.5 });

  latest.remember({ id: "ag_1" });
  expect(read().cpus).toBe(0.5);
  latest.remember({ id: "ag_2", limits: { ...DEFAULT_LIMIT_SETTINGS, pids: 10 } });
  expect(read().pids).toBe(1024);

  latest.forget("ag_1");
  expect(read()).toEqual(DEFAULT_MACHINE_LIMITS);
});

test("the server's maxima bound what the reader gives", () => {
  const latest = createLatestLimits({ cpus: 1, tmpfsBytes: 64 * 1024 ** 2 });
  latest.remember({ id: "ag_1", limits: { ...DEFAULT_LIMIT_SETTINGS, cpus: 4 } });
  expect(latest.reader("ag_1")()).toMatchObject({ cpus: 1, tmpfsBytes: 64 * 1024 ** 2 });
});
