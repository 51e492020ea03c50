// shell-1gib: a command printing 1 GiB through the toolbox (the helper sends it to the call's log and
// reads back only its head and tail), against the same producer redirected to a file in the same
// sandbox. Goals: >= 500 MB/s and a helper peak RSS <= 64 MiB.
import { closeSync, openSync, readSync, rmSync, statSync } from "node:fs";
import { LOG_CAP_BYTES } from "@guilds/protocol/runLogCap";
import type { HelperTransport } from "../apps/orchestrator/src/toolbox/helperTransport.ts";
import { shellTool } from "../apps/orchestrator/src/tools/shell/shell.ts";
import { cappedLogState } from "../apps/orchestrator/test/machines/cappedLog.ts";
import { waitFor } from "../apps/orchestrator/test/machines/machineFixture.ts";
import { type BenchMachine, withBenchMachine } from "./lib/benchMachine.ts";
import { type Arm, interleave } from "./lib/interleave.ts";
import { environment, reportCase, say } from "./lib/report.ts";
import { percentile, round3 } from "./lib/stats.ts";
import { transportCases } from "./lib/transportCases.ts";

const BENCH = "shell-1gib";
const GIB = 1024 ** 3;
const LINE = "guilds bench output line: the quick brown fox jumps over the lazy dog 0123456789\n";
const PRODUCER = `yes '${LINE.trimEnd()}' | head -c ${GIB}`;
/** The machine cuts a log's middle every 2 s while it is written (runLogCap): time enough for that. */
const LOG_CAP_WAIT_MS = 15_000;
/** How much of the head and of the tail is compared with what the producer printed. */
const COMPARED_BYTES = 64 * 1024;
const FLOOR_FILE = "bench-floor.out";
const BASELINE = `the producer > file (machine.exec)`;
const GOAL_MB_S = 500;
const GOAL_RSS_MIB = 64;

await withBenchMachine({}, async (bench) => {
  say(`${BENCH}: sandbox ${bench.sandboxLabel}; producer: ${PRODUCER}`);
  const floorFile = `${bench.machine.home}/${FLOOR_FILE}`;
  const logs: string[] = [];
  const removeLogs = async () => {
    for (const log of logs.splice(0)) {
      try {
        await checkCallLog(log);
      } finally {
        rmSync(log, { force: true });
      }
    }
  };
  const arms: Arm[] = [
    {
      name: "baseline",
      run: async () => {
        const result = await bench.exec(["bash", "-c", `${PRODUCER} > ${floorFile}`]);
        if (result.code !== 0) throw new Error(`the producer exited ${result.code}: ${result.stderr}`);
      },
      after: async () => {
        const host = bench.hostPath(FLOOR_FILE);
        const size = statSync(host).size;
        rmSync(host, { force: true });
        if (size !== GIB) throw new Error(`the floor's file has ${size} bytes, not ${GIB}`);
      },
    },
    {
      name: "devnull",
      run: async () => {
        const result = await bench.exec(["bash", "-c", `${PRODUCER} > /dev/null`]);
        if (result.code !== 0) throw new Error(`the producer exited ${result.code}: ${result.stderr}`);
      },
    },
    { name: "session", run: () => print1GiB(bench, bench.session, logs), after: removeLogs },
    { name: "one-shot", run: () => print1GiB(bench, bench.oneShot, logs), after: removeLogs },
  ];
  const samples = await interleave(arms, { warmupRounds: 1, minRounds: 3, maxRounds: 6, maxSeconds: 35 });

  // The real helper's peak RSS: one-shot calls with the probe preloaded (VmHWM as it exits), against
  // the same helper running `true`; the session's VmHWM after all its 1 GiB calls.
  await print1GiB(bench, bench.rss.probedOneShot, logs);
  await removeLogs();
  const oneShotPeak = Math.max(...bench.rss.takeOneShotPeaks());
  const trivial = await shellTool.run({ command: "true" }, bench.context(bench.rss.probedOneShot));
  if (!trivial.ok) throw new Error(`shell true failed: ${trivial.text}`);
  const trivialPeak = Math.max(...bench.rss.takeOneShotPeaks());
  const sessionPeak = await bench.rss.sessionPeakMib();

  const { baselineSamples, cases } = transportCases(samples, {
    session: sessionPeak,
    "one-shot": oneShotPeak,
  });
  const devnull = samples.get("devnull");
  if (!devnull) throw new Error("no devnull samples");
  const mbPerSecond = (wallMs: number[]) => GIB / 1e6 / (percentile(wallMs, 50) / 1000);
  const env = environment(bench.sandboxLabel);
  for (const { variant, samples: variantSamples, peak } of cases) {
    const throughput = mbPerSecond(variantSamples.wallMs);
    reportCase({
      bench: BENCH,
      variant,
      baseline: BASELINE,
      samples: variantSamples,
      baselineSamples,
      env,
      goals: [
        { text: `throughput >= ${GOAL_MB_S} MB/s`, met: throughput >= GOAL_MB_S },
        { text: `helper peak RSS <= ${GOAL_RSS_MIB} MiB`, met: peak !== undefined && peak <= GOAL_RSS_MIB },
      ],
      extra: {
        transport: variant,
        bytes: GIB,
        throughput_mb_s: round3(throughput),
        baseline_throughput_mb_s: round3(mbPerSecond(baselineSamples.wallMs)),
        devnull_p50_ms: round3(percentile(devnull.wallMs, 50)),
        devnull_throughput_mb_s: round3(mbPerSecond(devnull.wallMs)),
        ...(peak === undefined ? {} : { rss_peak_mib: round3(peak) }),
        rss_trivial_call_mib: round3(trivialPeak),
      },
      note:
        `${throughput.toFixed(0)} MB/s vs floor ${mbPerSecond(baselineSamples.wallMs).toFixed(0)} MB/s ` +
        `(> /dev/null ${mbPerSecond(devnull.wallMs).toFixed(0)} MB/s), helper peak RSS ${peak?.toFixed(1) ?? "?"} MiB ` +
        `(a one-shot \`true\`: ${trivialPeak.toFixed(1)} MiB)`,
    });
  }
});

/** One shell call printing 1 GiB; its log (kept, the output was elided) is removed after, untimed. */
async function print1GiB(bench: BenchMachine, helpers: HelperTransport, logs: string[]): Promise<void> {
  const result = await shellTool.run({ command: PRODUCER, timeout_seconds: 600 }, bench.context(helpers));
  const logPath = result.meta.log_path;
  if (!result.ok || result.meta.exit_code !== 0 || typeof logPath !== "string") {
    throw new Error(`the 1 GiB shell call failed: ${JSON.stringify(result).slice(0, 500)}`);
  }
  logs.push(bench.hostPath(logPath));
}

/**
 * The call's log holds the whole output, or (past the cap) its head as printed, the marker saying how
 * many bytes were dropped, and its tail as printed: the dropped bytes and the kept ones add up to 1 GiB.
 */
async function checkCallLog(log: string): Promise<void> {
  await waitFor(() => {
    const { storedBytes, droppedBytes } = cappedLogState(log);
    return storedBytes <= LOG_CAP_BYTES && storedBytes + droppedBytes === GIB;
  }, LOG_CAP_WAIT_MS);
  const { storedBytes, droppedBytes, marker } = cappedLogState(log);
  if (storedBytes + droppedBytes !== GIB) {
    throw new Error(
      `the call's log keeps ${storedBytes} bytes and says it dropped ${droppedBytes}: not ${GIB} in all`,
    );
  }
  if (droppedBytes > 0 && !marker.includes(`${droppedBytes} bytes dropped`)) {
    throw new Error(
      `the call's log has no marker for its ${droppedBytes} dropped bytes: ${JSON.stringify(marker)}`,
    );
  }
  const head = readBytes(log, 0, COMPARED_BYTES);
  const tail = readBytes(log, storedBytes - COMPARED_BYTES, storedBytes);
  if (!head.equals(producedBytes(0, COMPARED_BYTES)))
    throw new Error("the call's log does not start as printed");
  if (!tail.equals(producedBytes(GIB - COMPARED_BYTES, GIB)))
    throw new Error("the call's log does not end as printed");
}

/** Bytes [start, end) of the producer's output: LINE over and over. */
function producedBytes(start: number, end: number): Buffer {
  const offset = start % LINE.length;
  const repeats = Math.ceil((offset + end - start) / LINE.length);
  return Buffer.from(LINE.repeat(repeats)).subarray(offset, offset + end - start);
}

function readBytes(file: string, start: number, end: number): Buffer {
  const descriptor = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(end - start);
    const read = readSync(descriptor, buffer, 0, buffer.length, start);
    return buffer.subarray(0, read);
  } finally {
    closeSync(descriptor);
  }
}
