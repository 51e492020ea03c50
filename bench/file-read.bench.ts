// file-read: file_read of 200 lines in the middle of a 1 GiB file, against `sed -n 'a,bp'` in the same
// sandbox (both read the whole file: file_read counts its lines and hashes it, sed reads to its end),
// and against `sha256sum` of the same file, the floor of a read that must hash the whole file.
// Goals: <= 1.5x sed, <= 1.1x sha256sum, and memory that does not grow with the file (the helper's
// peak RSS <= 64 MiB).
import path from "node:path";
import type { HelperTransport } from "../apps/orchestrator/src/toolbox/helperTransport.ts";
import { fileReadTool } from "../apps/orchestrator/src/tools/fileRead/fileRead.ts";
import { type BenchMachine, withBenchMachine } from "./lib/benchMachine.ts";
import { BIG_FILE_BYTES, BIG_FILE_LINES, bigFileLinePrefix, writeBigFile } from "./lib/bigFile.ts";
import { type Arm, interleave } from "./lib/interleave.ts";
import { environment, reportCase, say } from "./lib/report.ts";
import { percentile, round3 } from "./lib/stats.ts";
import { transportCases } from "./lib/transportCases.ts";

const BENCH = "file-read";
const FILE = "big.txt";
const SMALL_FILE = "small.txt";
const MID_FILE = "mid.txt";
const MID_FILE_LINES = 1_048_576;
const LIMIT = 200;
const OFFSET = BIG_FILE_LINES / 2 - LIMIT / 2 + 1;
const LAST = OFFSET + LIMIT - 1;
/** Room for all 200 numbered lines, as sed prints them (the default 8192 would cut the window). */
const MAX_BYTES = 64 * 1024;
const GOAL = 1.5;
const HASH_GOAL = 1.1;
const GOAL_RSS_MIB = 64;

await withBenchMachine(
  {
    prepareHome: (homeHost) => {
      writeBigFile(path.join(homeHost, FILE));
    },
  },
  async (bench) => {
    const sedScript = `${OFFSET},${LAST}p`;
    // Every sha256sum and every file_read must give the one hash of the file: the same work.
    const hashes = new Set<string>();
    const readWindow = (helpers: HelperTransport) => readWindowHashed(bench, helpers, hashes);
    say(
      `${BENCH}: sandbox ${bench.sandboxLabel}; lines ${OFFSET}-${LAST} of a 1 GiB file of ${BIG_FILE_LINES} lines`,
    );
    const small = await bench.exec([
      "bash",
      "-c",
      `head -n 1000 ${FILE} > ${SMALL_FILE} && head -n ${MID_FILE_LINES} ${FILE} > ${MID_FILE}`,
    ]);
    if (small.code !== 0) throw new Error(`could not make ${SMALL_FILE}: ${small.stderr}`);
    const arms: Arm[] = [
      {
        name: "baseline",
        run: async () => {
          const result = await bench.exec(["sed", "-n", sedScript, FILE]);
          const text = result.stdout.toString("latin1");
          if (
            result.code !== 0 ||
            !text.startsWith(bigFileLinePrefix(OFFSET)) ||
            text.split("\n").length !== LIMIT + 1
          ) {
            throw new Error(
              `sed -n ${sedScript} printed something else (exit ${result.code}): ${result.stderr}`,
            );
          }
        },
      },
      {
        name: "sha256sum",
        run: async () => {
          const result = await bench.exec(["sha256sum", FILE]);
          const digest = result.stdout.toString("latin1").split(" ")[0] ?? "";
          if (result.code !== 0 || !/^[0-9a-f]{64}$/.test(digest)) {
            throw new Error(
              `sha256sum ${FILE} printed something else (exit ${result.code}): ${result.stderr}`,
            );
          }
          hashes.add(digest);
        },
      },
      { name: "session", run: () => readWindow(bench.session) },
      { name: "one-shot", run: () => readWindow(bench.oneShot) },
    ];
    const samples = await interleave(arms, { warmupRounds: 1, minRounds: 5, maxRounds: 20, maxSeconds: 45 });
    if (hashes.size !== 1)
      throw new Error(`sha256sum and file_read gave different hashes: ${[...hashes].join(", ")}`);
    const hashSamples = samples.get("sha256sum");
    if (!hashSamples) throw new Error("no sha256sum samples");

    // Peak RSS of the real helper: probed one-shot reads of the same window size in a 1,000-line file,
    // a 128 MiB file and the 1 GiB file (flat memory: the last two alike); the session's after all its reads.
    const smallPeak = await probedPeak(bench, SMALL_FILE, 400);
    const midPeak = await probedPeak(bench, MID_FILE, MID_FILE_LINES / 2);
    await readWindow(bench.rss.probedOneShot);
    const bigPeak = Math.max(...bench.rss.takeOneShotPeaks());
    const sessionPeak = await bench.rss.sessionPeakMib();

    const env = environment(bench.sandboxLabel);
    const { baselineSamples, cases } = transportCases(samples, { session: sessionPeak, "one-shot": bigPeak });
    for (const { variant, samples: variantSamples, ratio, peak } of cases) {
      const mbPerSecond = BIG_FILE_BYTES / 1e6 / (percentile(variantSamples.wallMs, 50) / 1000);
      const hashRatio = percentile(variantSamples.wallMs, 50) / percentile(hashSamples.wallMs, 50);
      reportCase({
        bench: BENCH,
        variant,
        baseline: `sed -n '${sedScript}' (machine.exec)`,
        samples: variantSamples,
        baselineSamples,
        env,
        goals: [
          { text: `ratio_p50 <= ${GOAL}`, met: ratio <= GOAL },
          { text: `ratio to sha256sum p50 <= ${HASH_GOAL}`, met: hashRatio <= HASH_GOAL },
          { text: `helper peak RSS <= ${GOAL_RSS_MIB} MiB`, met: peak !== undefined && peak <= GOAL_RSS_MIB },
        ],
        extra: {
          transport: variant,
          file_bytes: BIG_FILE_BYTES,
          sha256sum_p50_ms: round3(percentile(hashSamples.wallMs, 50)),
          ratio_to_sha256sum_p50: round3(hashRatio),
          read_mb_s: round3(mbPerSecond),
          ...(peak === undefined ? {} : { rss_peak_mib: round3(peak) }),
          rss_1000_lines_mib: round3(smallPeak),
          rss_128mib_file_mib: round3(midPeak),
        },
        note: `${round3(hashRatio)}x sha256sum (${percentile(hashSamples.wallMs, 50).toFixed(0)} ms); helper peak RSS ${peak?.toFixed(1) ?? "?"} MiB (one-shot on a 1,000-line file ${smallPeak.toFixed(1)} MiB, on 128 MiB ${midPeak.toFixed(1)} MiB), ${mbPerSecond.toFixed(0)} MB/s`,
      });
    }
  },
);

async function readWindowHashed(
  bench: BenchMachine,
  helpers: HelperTransport,
  hashes: Set<string>,
): Promise<void> {
  const result = await fileReadTool.run(
    { path: FILE, offset: OFFSET, limit: LIMIT },
    bench.context(helpers, MAX_BYTES),
  );
  const range = result.meta.range;
  if (
    !result.ok ||
    !Array.isArray(range) ||
    range[0] !== OFFSET ||
    range[1] !== LAST ||
    result.meta.lines !== BIG_FILE_LINES
  ) {
    throw new Error(
      `file_read returned something else: ${JSON.stringify(result.meta)} ${result.text.slice(0, 300)}`,
    );
  }
  if (!result.text.includes(bigFileLinePrefix(LAST)))
    throw new Error("file_read's text lacks the window's last line");
  hashes.add(String(result.meta.content_hash));
}

/** The peak RSS of one probed one-shot helper reading 200 lines of `file` from `offset`. */
async function probedPeak(bench: BenchMachine, file: string, offset: number): Promise<number> {
  const context = bench.context(bench.rss.probedOneShot, MAX_BYTES);
  const result = await fileReadTool.run({ path: file, offset, limit: LIMIT }, context);
  if (!result.ok) throw new Error(`file_read of ${file} failed: ${result.text}`);
  return Math.max(...bench.rss.takeOneShotPeaks());
}
