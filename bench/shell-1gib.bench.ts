// shell-1gib: a command printing 1 GiB through the toolbox (the helper sends it to the call's log and
// reads back only its head and tail), against the same producer redirected to a file in the same
// sandbox. Goals: >= 500 MB/s and a helper peak RSS <= 64 MiB.
import { rmSync, statSync } from "node:fs";
import type { HelperTransport } from "../apps/orchestrator/src/toolbox/helperTransport.ts";
import { shellTool } from "../apps/orchestrator/src/tools/shell/shell.ts";
import { type BenchMachine, withBenchMachine } from "./lib/benchMachine.ts";
import { type Arm, interleave } from "./lib/interleave.ts";
import { environment, reportCase, say } from "./lib/report.ts";
import { percentile, round3 } from "./lib/stats.ts";

const BENCH = "shell-1gib";
const GIB = 1024 ** 3;
const PRODUCER = `yes 'guilds bench output line: the quick brown fox jumps over the lazy dog 0123456789' | head -c ${GIB}`;
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
      const size = statSync(log).size;
      rmSync(log, { force: true });
      if (size !== GIB) throw new Error(`the call's log has ${size} bytes, not ${GIB}`);
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

  const baselineSamples = samples.get("baseline");
  const devnull = samples.get("devnull");
  if (!baselineSamples || !devnull) throw new Error("no baseline samples");
  const mbPerSecond = (wallMs: number[]) => GIB / 1e6 / (percentile(wallMs, 50) / 1000);
  const env = environment(bench.sandboxLabel);
  for (const variant of ["session", "one-shot"] as const) {
    const variantSamples = samples.get(variant);
    if (!variantSamples) throw new Error(`no samples for ${variant}`);
    const throughput = mbPerSecond(variantSamples.wallMs);
    const peak = variant === "session" ? sessionPeak : oneShotPeak;
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
