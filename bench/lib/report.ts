import { cpus, loadavg, release } from "node:os";
import type { ArmSamples } from "./interleave.ts";
import { round3, summarize } from "./stats.ts";

/** Where the figures were taken: they mean little without it. */
export interface Environment {
  cpu: string;
  vcpus: number;
  kernel: string;
  node: string;
  sandbox: string;
}

export function environment(sandbox: string): Environment {
  return {
    cpu: cpus()[0]?.model.trim() ?? "unknown",
    vcpus: cpus().length,
    kernel: release(),
    node: process.version,
    sandbox,
  };
}

/** A target from the issue, and whether this run met it. */
export interface Goal {
  text: string;
  met: boolean;
}

export interface CaseFigures {
  bench: string;
  variant: string;
  /** What the variant is compared with, as it ran. */
  baseline: string;
  samples: ArmSamples;
  baselineSamples: ArmSamples;
  env: Environment;
  goals?: Goal[];
  /** Bench-specific fields (throughput, peak RSS ...), copied into the JSON line as they are. */
  extra?: Record<string, unknown>;
  /** Bench-specific words for the human line, after the ratio. */
  note?: string;
}

/** One JSON line per case, then the same in words (lines starting "# " are for people). */
export function reportCase(figures: CaseFigures): void {
  const ours = summarize(figures.samples.wallMs);
  const floor = summarize(figures.baselineSamples.wallMs);
  const cpu = summarize(figures.samples.cpuMs);
  const ratio = ours.p50 / floor.p50;
  const goals = figures.goals ?? [];
  const line = {
    bench: figures.bench,
    variant: figures.variant,
    baseline: figures.baseline,
    n: ours.n,
    p50_ms: round3(ours.p50),
    p95_ms: round3(ours.p95),
    p99_ms: round3(ours.p99),
    baseline_p50_ms: round3(floor.p50),
    baseline_p95_ms: round3(floor.p95),
    ratio_p50: round3(ratio),
    ratio_p95: round3(ours.p95 / floor.p95),
    orchestrator_cpu_ms_per_op: round3(cpu.mean),
    // The bench process runs the orchestrator's code (toolbox, transports, machine) in-process.
    orchestrator_rss_peak_mib: round3(process.resourceUsage().maxRSS / 1024),
    ...figures.extra,
    ...(goals.length > 0
      ? { goal: goals.map((goal) => goal.text).join(" and "), goal_met: goals.every((goal) => goal.met) }
      : {}),
    load1: round3(loadavg()[0] ?? Number.NaN),
    env: figures.env,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  const goalWords = goals.map((goal) => `${goal.text}: ${goal.met ? "met" : "MISSED"}`).join("; ");
  const words = [
    `# ${figures.bench} ${figures.variant}: p50 ${ms(ours.p50)} (p95 ${ms(ours.p95)}) vs ${figures.baseline} p50 ${ms(floor.p50)} (p95 ${ms(floor.p95)}), n=${ours.n}`,
    `ratio p50 ${round3(ratio)}x`,
    ...(figures.note ? [figures.note] : []),
    ...(goalWords ? [goalWords] : []),
  ];
  process.stdout.write(`${words.join(", ")}\n`);
}

/** A line for people only: what is being set up, what was skipped and why. */
export function say(message: string): void {
  process.stdout.write(`# ${message}\n`);
}

function ms(value: number): string {
  return value >= 100 ? `${value.toFixed(0)} ms` : `${value.toPrecision(3)} ms`;
}
