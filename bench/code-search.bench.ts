// code-search: code_search (files and content modes, a literal and a regex) against ripgrep run
// straight in the same sandbox, with the same search flags, on the same generated tree. Goal: <= 1.2x.

import type { HelperTransport } from "../apps/orchestrator/src/toolbox/helperTransport.ts";
import { codeSearchTool } from "../apps/orchestrator/src/tools/codeSearch/codeSearch.ts";
import { type BenchMachine, withBenchMachine } from "./lib/benchMachine.ts";
import { CORPUS_FOLDER, LITERAL_NEEDLE, REGEX_NEEDLE, writeCorpus } from "./lib/corpus.ts";
import { type Arm, interleave } from "./lib/interleave.ts";
import { environment, reportCase, say } from "./lib/report.ts";
import { round3 } from "./lib/stats.ts";
import { transportCases } from "./lib/transportCases.ts";

const BENCH = "code-search";
const GOAL = 1.2;

interface SearchCase {
  name: string;
  args: { pattern: string; fixed: boolean; mode: "files" | "content" };
}

const CASES: SearchCase[] = [
  { name: "files-literal", args: { pattern: LITERAL_NEEDLE, fixed: true, mode: "files" } },
  { name: "files-regex", args: { pattern: REGEX_NEEDLE, fixed: false, mode: "files" } },
  { name: "content-literal", args: { pattern: LITERAL_NEEDLE, fixed: true, mode: "content" } },
  { name: "content-regex", args: { pattern: REGEX_NEEDLE, fixed: false, mode: "content" } },
];

/**
 * The search semantics code_search gives rg (hidden files, .gitignore without git, no config, never
 * .git), with rg's own plain output: counts per file for files mode, every matching line for content
 * mode (code_search counts every match too, and shows up to its caps).
 */
function rgArgv({ args }: SearchCase): string[] {
  const output =
    args.mode === "files" ? ["--count-matches", "--with-filename"] : ["--line-number", "--with-filename"];
  return [
    "rg",
    "--no-config",
    "--no-require-git",
    "--hidden",
    ...(args.fixed ? ["--fixed-strings"] : []),
    ...output,
    "--glob",
    "!.git",
    "--regexp",
    args.pattern,
    "--",
    CORPUS_FOLDER,
  ];
}

let corpus = { files: 0, bytes: 0 };
await withBenchMachine(
  {
    prepareHome: (homeHost) => {
      corpus = writeCorpus(homeHost);
    },
  },
  async (bench) => {
    say(
      `${BENCH}: sandbox ${bench.sandboxLabel}; tree of ${corpus.files} files, ${(corpus.bytes / 1e6).toFixed(0)} MB (1,001 of them .gitignore'd)`,
    );
    // The page cache: read every file once, ignored ones included.
    await bench.exec([
      "rg",
      "--no-config",
      "--no-ignore",
      "--hidden",
      "--count",
      "--regexp",
      "^",
      "--",
      CORPUS_FOLDER,
    ]);
    const env = environment(bench.sandboxLabel);

    for (const searchCase of CASES) {
      const argv = rgArgv(searchCase);
      const floor = await rgTotals(bench, argv, searchCase.args.mode);
      await expectSameTotals(bench, searchCase, floor);
      const arms: Arm[] = [
        {
          name: "baseline",
          run: async () => {
            const result = await bench.exec(argv, { keepBytes: 0 });
            if (result.code !== 0) throw new Error(`rg exited ${result.code}: ${result.stderr}`);
          },
        },
        { name: "session", run: () => search(bench, bench.session, searchCase).then(() => {}) },
        { name: "one-shot", run: () => search(bench, bench.oneShot, searchCase).then(() => {}) },
      ];
      const samples = await interleave(arms, {
        warmupRounds: 2,
        minRounds: 8,
        maxRounds: 40,
        maxSeconds: 12,
      });
      // The helper's peak RSS: one probed one-shot search, and the session's high-water mark so far.
      await search(bench, bench.rss.probedOneShot, searchCase);
      const { baselineSamples, cases } = transportCases(samples, {
        "one-shot": Math.max(...bench.rss.takeOneShotPeaks()),
        session: await bench.rss.sessionPeakMib(),
      });
      for (const { variant, samples: variantSamples, ratio, peak } of cases) {
        reportCase({
          bench: BENCH,
          variant: `${searchCase.name} ${variant}`,
          baseline: `rg ${argv.slice(1).join(" ")}`,
          samples: variantSamples,
          baselineSamples,
          env,
          goals: [{ text: `ratio_p50 <= ${GOAL}`, met: ratio <= GOAL }],
          extra: {
            case: searchCase.name,
            transport: variant,
            tree_files: corpus.files,
            tree_mb: Math.round(corpus.bytes / 1e6),
            matches: floor.matches,
            files_matched: floor.files,
            ...(peak === undefined ? {} : { rss_peak_mib: round3(peak) }),
          },
          note: `${floor.matches} matches in ${floor.files} files, helper peak RSS ${peak?.toFixed(1) ?? "?"} MiB`,
        });
      }
    }
  },
);

async function search(bench: BenchMachine, helpers: HelperTransport, searchCase: SearchCase) {
  const result = await codeSearchTool.run(
    { ...searchCase.args, path: CORPUS_FOLDER },
    bench.context(helpers),
  );
  if (!result.ok) throw new Error(`code_search failed: ${result.text}`);
  return result;
}

interface Totals {
  matches: number;
  files: number;
}

/** What rg found: files mode sums its per-file counts, content mode counts its lines (one match each). */
async function rgTotals(bench: BenchMachine, argv: string[], mode: "files" | "content"): Promise<Totals> {
  const result = await bench.exec(argv, { keepBytes: 16 * 1024 * 1024 });
  if (result.code !== 0) throw new Error(`rg exited ${result.code}: ${result.stderr}`);
  const lines = result.stdout.toString("utf8").split("\n").filter(Boolean);
  if (mode === "files") {
    const matches = lines.reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(":") + 1)), 0);
    return { matches, files: lines.length };
  }
  const files = new Set(lines.map((line) => line.slice(0, line.indexOf(":"))));
  return { matches: lines.length, files: files.size };
}

/** Both sides must do the same work: the same totals, and nothing from the ignored folder. */
async function expectSameTotals(bench: BenchMachine, searchCase: SearchCase, floor: Totals): Promise<void> {
  const result = await search(bench, bench.session, searchCase);
  const ours = { matches: result.meta.matches, files: result.meta.files };
  if (ours.matches !== floor.matches || ours.files !== floor.files) {
    throw new Error(
      `${searchCase.name}: code_search found ${JSON.stringify(ours)}, rg ${JSON.stringify(floor)}: not the same work`,
    );
  }
  if (result.text.includes("generated/"))
    throw new Error(`${searchCase.name}: code_search reported an ignored file`);
}
