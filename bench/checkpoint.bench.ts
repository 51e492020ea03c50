// checkpoint: code_task's start/end checkpoint (takeCheckpoint) of a 10,001-file repository with
// 100 modified and 100 untracked files, against the same git plumbing written by hand and run
// straight in the same sandbox (one bash -c through machine.exec). Goal: <= 1.3x. Also, for context,
// the diffstat of a 10,000-file change (diffSummary) against `git diff --numstat -z` drained.
import { checkpointRef, takeCheckpoint } from "../apps/orchestrator/src/tools/codeTask/checkpoint.ts";
import { diffSummary } from "../apps/orchestrator/src/tools/codeTask/taskDiff.ts";
import { type BenchMachine, withBenchMachine } from "./lib/benchMachine.ts";
import { type Arm, interleave } from "./lib/interleave.ts";
import { environment, reportCase, say } from "./lib/report.ts";
import { percentile, round3 } from "./lib/stats.ts";

const BENCH = "checkpoint";
const GOAL = 1.3;
const REPO = "repos/big";
const FOLDERS = 100;
const FILES_PER_FOLDER = 100;
const CHANGED = 100;
const CHECKPOINT_BOUNDS = { warmupRounds: 3, minRounds: 15, maxRounds: 150, maxSeconds: 40 };
const DIFF_BOUNDS = { warmupRounds: 2, minRounds: 10, maxRounds: 100, maxSeconds: 30 };

/**
 * 10,000 files in 100 folders and a .gitignore, committed as v1; a line appended to each, committed
 * as v2 (the 10,000-file change) and packed; then the task's changes on top: 100 files modified, 100 new, and
 * 100 ignored ones. Written inside the machine so its user owns the repository.
 */
const SETUP = `set -euo pipefail
mkdir -p ${REPO} && cd ${REPO}
git init -q -b main
# No background gc in the middle of the measurements.
git config gc.auto 0
commit() { git -c user.name=bench -c user.email=bench@localhost commit -q -m "$1"; }
printf '*.log\\nbuild/\\n' > .gitignore
for d in $(seq 0 ${FOLDERS - 1}); do
  mkdir -p src/d$d
  for f in $(seq 0 ${FILES_PER_FOLDER - 1}); do
    printf 'module d%s file %s\\nconst value = %s;\\nexport default value;\\n' $d $f $((d * f)) > src/d$d/f$f.ts
  done
done
git add -A && commit v1 && git tag v1
for file in src/*/*.ts; do printf '// touched\\n' >> "$file"; done
git add -A && commit v2 && git tag v2
# Packed, as a clone is.
git repack -adq
for i in $(seq 0 ${CHANGED - 1}); do printf 'changed %s\\n' $i >> src/d$i/f7.ts; done
mkdir -p new build
for i in $(seq 0 ${CHANGED - 1}); do printf 'new %s\\n' $i > new/n$i.ts; printf 'out %s\\n' $i > build/o$i.js; done
printf 'log\\n' > debug.log
git status --porcelain | wc -l
git rev-parse v1 v2`;

/** The plumbing by hand: the floor of any checkpoint that leaves the index alone. */
function handCheckpoint(ref: string): string {
  return `set -eu
cd ${REPO}
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@localhost GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@localhost
export GIT_INDEX_FILE=.git/bench-index
cp -p .git/index "$GIT_INDEX_FILE"
git add -A
tree=$(git write-tree)
commit=$(git commit-tree -p HEAD -m bench "$tree")
git update-ref ${ref} "$commit"
rm -f "$GIT_INDEX_FILE"
echo "$commit"`;
}

async function bash(bench: BenchMachine, script: string): Promise<string> {
  const ran = await bench.exec(["bash", "-c", script]);
  if (ran.code !== 0) throw new Error(`bash exited ${ran.code}: ${ran.stderr}`);
  return ran.stdout.toString("utf8");
}

await withBenchMachine({}, async (bench) => {
  const setupStarted = performance.now();
  const [dirty, v1, v2] = (await bash(bench, SETUP)).trim().split("\n");
  if (!v1 || !v2) throw new Error("the repository's setup printed no commits");
  say(
    `${BENCH}: sandbox ${bench.sandboxLabel}; repository of ${FOLDERS * FILES_PER_FOLDER + 1} files, ${CHANGED} modified, ${CHANGED} untracked, ${CHANGED + 1} ignored (${dirty} status lines), made in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );
  const env = environment(bench.sandboxLabel);
  let calls = 0;
  const nextRef = (prefix: string) => {
    calls += 1;
    return prefix === "ours" ? checkpointRef("bench", `c${calls}`, "start") : `refs/bench/hand/${calls}`;
  };

  // Both sides must do the same work: the same tree, every file and the changes in it.
  const ours = await takeCheckpoint(bench.machine, { repoFolder: REPO, ref: nextRef("ours") });
  const hand = (await bash(bench, handCheckpoint(nextRef("hand")))).trim();
  const trees = await bash(bench, `cd ${REPO} && git rev-parse ${ours}^{tree} ${hand}^{tree}`);
  const [oursTree, handTree] = trees.trim().split("\n");
  if (oursTree !== handTree)
    throw new Error(`the trees differ: ${oursTree} (ours) and ${handTree} (by hand)`);
  const treeFiles = Number(await bash(bench, `cd ${REPO} && git ls-tree -r ${ours} | wc -l`));
  const expectedFiles = FOLDERS * FILES_PER_FOLDER + 1 + CHANGED;
  if (treeFiles !== expectedFiles)
    throw new Error(`the checkpoint has ${treeFiles} files, not ${expectedFiles}`);

  const checkpointSamples = await interleave(
    [
      { name: "baseline", run: () => bash(bench, handCheckpoint(nextRef("hand"))).then(() => undefined) },
      {
        name: "ours",
        run: () =>
          takeCheckpoint(bench.machine, { repoFolder: REPO, ref: nextRef("ours") }).then(() => undefined),
      },
    ],
    CHECKPOINT_BOUNDS,
  );
  const untouched = (await bash(bench, `cd ${REPO} && git status --porcelain | wc -l`)).trim();
  if (untouched !== dirty) throw new Error(`git status changed: ${dirty} lines before, ${untouched} after`);
  report("start/end checkpoint", "the same plumbing by hand (bash -c via machine.exec)", checkpointSamples, {
    goal: GOAL,
    extra: { files: expectedFiles, modified: CHANGED, untracked: CHANGED },
  });

  const summary = await diffSummary(bench.machine, { repoFolder: REPO, from: v1, to: v2 });
  if (summary.filesChanged !== FOLDERS * FILES_PER_FOLDER || summary.insertions !== summary.filesChanged) {
    throw new Error(`unexpected diffstat: ${JSON.stringify({ ...summary, files: summary.files.length })}`);
  }
  const numstat = [
    "git",
    "-C",
    REPO,
    "diff",
    "--numstat",
    "-z",
    "--find-renames",
    "--no-color",
    "--no-ext-diff",
  ];
  const diffArms: Arm[] = [
    {
      name: "baseline",
      run: async () => {
        const ran = await bench.exec([...numstat, "--no-textconv", v1, v2, "--"], { keepBytes: 0 });
        if (ran.code !== 0) throw new Error(`git diff exited ${ran.code}: ${ran.stderr}`);
      },
    },
    {
      name: "ours",
      run: () => diffSummary(bench.machine, { repoFolder: REPO, from: v1, to: v2 }).then(() => {}),
    },
  ];
  report(
    "diffstat of 10,000 files",
    "git diff --numstat -z, drained",
    await interleave(diffArms, DIFF_BOUNDS),
    {
      extra: { files: summary.filesChanged },
    },
  );

  function report(
    variant: string,
    baseline: string,
    samples: Awaited<ReturnType<typeof interleave>>,
    options: { goal?: number; extra: Record<string, unknown> },
  ): void {
    const oursSamples = samples.get("ours");
    const baselineSamples = samples.get("baseline");
    if (!oursSamples || !baselineSamples) throw new Error(`no samples for ${variant}`);
    const ratio = percentile(oursSamples.wallMs, 50) / percentile(baselineSamples.wallMs, 50);
    reportCase({
      bench: BENCH,
      variant,
      baseline,
      samples: oursSamples,
      baselineSamples,
      env,
      goals:
        options.goal === undefined
          ? []
          : [{ text: `ratio_p50 <= ${options.goal}`, met: round3(ratio) <= options.goal }],
      extra: options.extra,
    });
  }
});
