import { describe, expect, test } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { DEFAULT_LIMIT_SETTINGS, effectiveLimits } from "../../src/machines/effectiveLimits.ts";
import { describeExcess, limitAboveMaximum } from "../../src/machines/limitExcess.ts";
import { machineLimitMaximaFrom } from "../../src/machines/limitMaxima.ts";
import { DEFAULT_MACHINE_LIMITS } from "../../src/machines/machineLimits.ts";

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

describe("effectiveLimits", () => {
  test("no settings, no maxima: the defaults", () => {
    expect(effectiveLimits(DEFAULT_LIMIT_SETTINGS, {})).toEqual(DEFAULT_MACHINE_LIMITS);
  });

  test("the agent's own limits win over the defaults, above them too when there is no maximum", () => {
    const settings = { pids: 64, memoryBytes: 16 * GiB, cpus: 0.5, diskBytes: null };
    expect(effectiveLimits(settings, {})).toEqual({
      pids: 64,
      memoryBytes: 16 * GiB,
      cpus: 0.5,
      diskBytes: 20 * GiB,
      tmpfsBytes: 256 * MiB,
    });
  });

  test("a default is never above the maximum, nor an own limit stored before the maximum was lowered", () => {
    const maxima = { pids: 512, memoryBytes: 2 * GiB, cpus: 8, tmpfsBytes: 64 * MiB };
    expect(effectiveLimits(DEFAULT_LIMIT_SETTINGS, maxima)).toEqual({
      pids: 512,
      memoryBytes: 2 * GiB,
      cpus: 2,
      diskBytes: 20 * GiB,
      tmpfsBytes: 64 * MiB,
    });
    const settings = { pids: 4096, memoryBytes: GiB, cpus: 6, diskBytes: null };
    expect(effectiveLimits(settings, maxima)).toMatchObject({ pids: 512, memoryBytes: GiB, cpus: 6 });
  });
});

describe("limitAboveMaximum", () => {
  test("names the first setting above its maximum, with the variable that sets it", () => {
    const maxima = { memoryBytes: 8 * GiB, cpus: 4 };
    expect(limitAboveMaximum({ memoryBytes: 8 * GiB, cpus: 4, pids: 100_000 }, maxima)).toBeUndefined();
    expect(limitAboveMaximum({ memoryBytes: null, cpus: null }, maxima)).toBeUndefined();
    const excess = limitAboveMaximum({ memoryBytes: 12 * GiB }, maxima);
    expect(excess).toEqual({
      name: "memoryBytes",
      value: 12 * GiB,
      maximum: 8 * GiB,
      variable: "GUILDS_MAX_MEMORY",
    });
    expect(describeExcess(excess ?? expect.fail())).toBe(
      "12 GiB is above this server's maximum of 8 GiB (GUILDS_MAX_MEMORY)",
    );
  });
});

describe("the maxima in the environment", () => {
  test("unset or empty: none; sizes as 8G, 512M or bytes; CPUs as decimals", () => {
    expect(machineLimitMaximaFrom({})).toEqual({});
    expect(machineLimitMaximaFrom({ GUILDS_MAX_MEMORY: " ", GUILDS_MAX_PIDS: "" })).toEqual({});
    expect(
      machineLimitMaximaFrom({
        GUILDS_MAX_PIDS: "4096",
        GUILDS_MAX_MEMORY: "8G",
        GUILDS_MAX_CPUS: "1.5",
        GUILDS_MAX_DISK: "107374182400",
        GUILDS_TMPFS_SIZE: "512M",
      }),
    ).toEqual({ pids: 4096, memoryBytes: 8 * GiB, cpus: 1.5, diskBytes: 100 * GiB, tmpfsBytes: 512 * MiB });
  });

  test("loadConfig carries them, and leaves them out when none is set", () => {
    expect(loadConfig({ GUILDS_MAX_MEMORY: "2G" }).machineLimits).toEqual({ memoryBytes: 2 * GiB });
    expect(loadConfig({}).machineLimits).toBeUndefined();
  });

  test.each([
    [
      "GUILDS_MAX_MEMORY",
      "8Q",
      'GUILDS_MAX_MEMORY must be a size such as 8G, 512M or 1073741824 (bytes) (got "8Q"); fix it, or unset it for no maximum.',
    ],
    [
      "GUILDS_MAX_DISK",
      "1K",
      'GUILDS_MAX_DISK must be a whole number of bytes, at least 1048576 (1 MiB) (got "1K")',
    ],
    ["GUILDS_MAX_PIDS", "1.5", "GUILDS_MAX_PIDS must be a whole number of processes from 1 to 4194304"],
    ["GUILDS_MAX_PIDS", "many", 'GUILDS_MAX_PIDS must be a number such as 4096 (got "many")'],
    ["GUILDS_MAX_CPUS", "0", "GUILDS_MAX_CPUS must be a number of CPUs, at least 0.01"],
    ["GUILDS_TMPFS_SIZE", "big", "unset it for the default of 256M."],
  ])("%s=%s is config.invalid saying what to set", (variable, value, says) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(says);
    expect(() => loadConfig({ [variable]: value })).toThrow(/^Invalid environment: /);
  });
});
