// shell-true: a `shell` call of `true` through the toolbox, over each transport, against
// `bash -c true` started straight in the same sandbox (machine.exec). Goal: the session under 2x.

import type { HelperTransport } from "../apps/orchestrator/src/toolbox/helperTransport.ts";
import { shellTool } from "../apps/orchestrator/src/tools/shell/shell.ts";
import { type BenchMachine, withBenchMachine } from "./lib/benchMachine.ts";
import { type Arm, interleave } from "./lib/interleave.ts";
import { environment, reportCase, say } from "./lib/report.ts";
import { transportCases } from "./lib/transportCases.ts";

const BENCH = "shell-true";
const BASELINE = "bash -c true (machine.exec)";
const SESSION_GOAL = 2;

await withBenchMachine({}, async (bench) => {
  say(`${BENCH}: sandbox ${bench.sandboxLabel}`);
  const baseline: Arm = {
    name: "baseline",
    run: async () => {
      const result = await bench.exec(["bash", "-c", "true"]);
      if (result.code !== 0) throw new Error(`bash -c true exited ${result.code}: ${result.stderr}`);
    },
  };
  const arms: Arm[] = [
    baseline,
    { name: "session", run: () => callTrue(bench, bench.session) },
    { name: "one-shot", run: () => callTrue(bench, bench.oneShot) },
  ];
  const samples = await interleave(arms, { warmupRounds: 5, minRounds: 30, maxRounds: 200, maxSeconds: 25 });

  // The helpers' own peak RSS, for context: a few probed one-shot calls, and the session so far.
  for (let index = 0; index < 3; index += 1) await callTrue(bench, bench.rss.probedOneShot);
  const oneShotPeak = Math.max(...bench.rss.takeOneShotPeaks());
  const sessionPeak = await bench.rss.sessionPeakMib();
  const env = environment(bench.sandboxLabel);

  const { baselineSamples, cases } = transportCases(samples, {
    session: sessionPeak,
    "one-shot": oneShotPeak,
  });
  for (const { variant, samples: variantSamples, ratio, peak } of cases) {
    reportCase({
      bench: BENCH,
      variant,
      baseline: BASELINE,
      samples: variantSamples,
      baselineSamples,
      env,
      goals:
        variant === "session" ? [{ text: `ratio_p50 < ${SESSION_GOAL}`, met: ratio < SESSION_GOAL }] : [],
      extra: {
        transport: variant,
        ...(peak === undefined ? {} : { rss_peak_mib: Number(peak.toFixed(1)) }),
      },
      note: peak === undefined ? undefined : `helper peak RSS ${peak.toFixed(1)} MiB`,
    });
  }
});

async function callTrue(bench: BenchMachine, helpers: HelperTransport): Promise<void> {
  const result = await shellTool.run({ command: "true" }, bench.context(helpers));
  if (!result.ok || result.meta.exit_code !== 0) {
    throw new Error(`shell true failed: ${JSON.stringify(result)}`);
  }
}
