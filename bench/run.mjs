// npm run bench [-- <name> ...]: bundles each bench/<name>.bench.ts (the orchestrator's and the
// helper's sources included, npm packages left external) into bench/.out/, then runs them one after
// another, each in its own Node process. Every bench prints one JSON line per case and a line for
// people ("# ..."); the JSON lines of this run are also kept in bench/.out/results-<time>.jsonl.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const benchFolder = path.dirname(fileURLToPath(import.meta.url));
const outFolder = path.join(benchFolder, ".out");
const SUFFIX = ".bench.ts";

const available = readdirSync(benchFolder)
  .filter((name) => name.endsWith(SUFFIX))
  .map((name) => name.slice(0, -SUFFIX.length))
  .sort(byOrder);
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`no bench named ${unknown.join(", ")}; the benches are: ${available.join(", ")}`);
  process.exit(2);
}
const selected = wanted.length > 0 ? available.filter((name) => wanted.includes(name)) : available;

/** npm packages stay external (resolved from the repository's node_modules); @guilds/* are sources, bundled. */
const externalPackages = {
  name: "external-packages",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@guilds/")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

mkdirSync(outFolder, { recursive: true });
for (const name of selected) {
  await build({
    entryPoints: [path.join(benchFolder, `${name}${SUFFIX}`)],
    outfile: path.join(outFolder, `${name}.mjs`),
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    logLevel: "warning",
    plugins: [externalPackages],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
}

const results = [];
const failed = [];
const started = Date.now();
process.stdout.write(
  `## ${cpus().length} vCPUs (${cpus()[0]?.model.trim()}), Node ${process.version}, load ${load()}\n`,
);
for (const name of selected) {
  const benchStarted = Date.now();
  process.stdout.write(`\n## ${name} (load ${load()})\n`);
  const code = await runBench(name, (line) => {
    if (line.startsWith("{")) results.push(line);
  });
  const seconds = ((Date.now() - benchStarted) / 1000).toFixed(1);
  process.stdout.write(
    `## ${name}: ${code === 0 ? "done" : `FAILED (exit ${code})`} in ${seconds} s (load ${load()})\n`,
  );
  if (code !== 0) failed.push(name);
}

const resultsFile = path.join(
  outFolder,
  `results-${new Date(started).toISOString().replace(/[:.]/g, "-")}.jsonl`,
);
writeFileSync(resultsFile, results.map((line) => `${line}\n`).join(""));
printSummary(results);
process.stdout.write(
  `\n${selected.length} bench(es) in ${((Date.now() - started) / 1000).toFixed(0)} s; JSON lines in ${path.relative(process.cwd(), resultsFile)}\n`,
);
if (failed.length > 0) {
  console.error(`failed: ${failed.join(", ")}`);
  process.exit(1);
}

/** The 1, 5 and 15-minute load averages: the machine is shared, figures need their context. */
function load() {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
}

/** Runs one bundled bench, passing its output through line by line. */
function runBench(name, onLine) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(outFolder, `${name}.mjs`)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let pending = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) onLine(line);
    });
    child.on("close", (code, signal) => {
      if (pending) onLine(pending);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

/** One row per case: the ratio, and the goal when the case has one. */
function printSummary(lines) {
  if (lines.length === 0) return;
  process.stdout.write("\n## summary\n");
  for (const line of lines) {
    const figures = JSON.parse(line);
    const label = `${figures.bench} ${figures.variant}`.padEnd(44);
    // A case that is a reading, not a comparison (a machine's memory), says it in its summary.
    if (figures.ratio_p50 === undefined) {
      process.stdout.write(`${label} ${figures.summary ?? ""}\n`);
      continue;
    }
    const goal =
      figures.goal === undefined ? "" : `  ${figures.goal}: ${figures.goal_met ? "met" : "MISSED"}`;
    process.stdout.write(
      `${label} ratio p50 ${String(figures.ratio_p50).padStart(6)}x  (${figures.p50_ms} ms vs ${figures.baseline_p50_ms} ms)${goal}\n`,
    );
  }
}

/** The issue's order: shell-true, shell-1gib, code-search, file-read; others after, by name. */
function byOrder(a, b) {
  const order = ["shell-true", "shell-1gib", "code-search", "file-read"];
  const rank = (name) => (order.includes(name) ? order.indexOf(name) : order.length);
  return rank(a) - rank(b) || a.localeCompare(b);
}
