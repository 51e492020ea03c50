// machine-start: a stopped local machine to its first command's result (issue 18). The machine is
// made as the server makes it (the machine registry: bwrap, its cgroup and limits, its home a disk
// image) and the call goes as the server's first call goes (shellTool.run over the server's
// transport, "auto": the start, then the long-lived helper). Interleaved in the same run:
// - `shell true` on a running machine of the same kind (the long-lived helper up);
// - `bash -c true` through machine.exec on that running machine;
// - the machine's start alone (machine.start(), no call), on a third machine;
// - `node -e 0` through machine.exec on the running machine: one Node start in the sandbox, what the
//   long-lived helper's start costs at least before it can answer.
// Goal: the first command's p50 under 50 ms, absolute (the ratios are reported beside it).
// Run as root (cgroups, the home's image): inside a safety cgroup, like the attack suite.
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Machine } from "../apps/orchestrator/src/machines/machine.ts";
import { createMachineRegistry } from "../apps/orchestrator/src/machines/machineRegistry.ts";
import { createHelperTransport } from "../apps/orchestrator/src/toolbox/helperTransport.ts";
import { enterSafetyCgroup } from "../apps/orchestrator/test/attacks/safetyCgroup.ts";
import { execInside } from "./lib/execInside.ts";
import { type Arm, interleave } from "./lib/interleave.ts";
import { environment, reportCase, say } from "./lib/report.ts";
import { shellTrueCall } from "./lib/shellTrueCall.ts";
import { percentile, round3 } from "./lib/stats.ts";
import { WakeSplit } from "./lib/wakeSplit.ts";

const BENCH = "machine-start";
const GOAL_MS = 50;
const BOUNDS = { warmupRounds: 3, minRounds: 15, maxRounds: 120, maxSeconds: 30 };
const quiet = { info() {}, warn: (message: string) => process.stderr.write(`[machine] ${message}\n`) };

const safety = enterSafetyCgroup();
if ("reason" in safety) {
  say(`${BENCH}: skipped: ${safety.reason}`);
  process.exit(0);
}
say(
  `${BENCH}: ${safety.layout}, sandbox bwrap, load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(" ")} at its start`,
);
const env = environment(`bwrap, ${safety.layout}, home image`);

const home = realpathSync(mkdtempSync(path.join(tmpdir(), "guilds-bench-start-")));
const registry = createMachineRegistry({ home, sandbox: "bwrap", logger: quiet });
const agent = (id: string) => ({ id, idleStopMinutes: 15 });
// The server's transport: one for every machine, "auto".
const helpers = createHelperTransport();
const stopped = await registry.forAgent(agent("stopped"));
const running = await registry.forAgent(agent("running"));
const startOnly = await registry.forAgent(agent("start-only"));

try {
  // The first start of each makes its home's image: not what a stopped machine pays.
  await Promise.all([stopped, running, startOnly].map((machine) => shellTrueCall(machine, helpers)));
  await Promise.all([stopped.stop(), startOnly.stop()]);

  const split = new WakeSplit(shellTrueCall);
  const arms: Arm[] = [
    {
      name: "first call",
      run: () => split.time(stopped, helpers),
      after: () => stopAndSettle(stopped),
    },
    { name: "start only", run: () => startOnly.start(), after: () => stopAndSettle(startOnly) },
    { name: "shell true", run: () => shellTrueCall(running, helpers) },
    { name: "bash -c true", run: () => exitsZero(running, ["bash", "-c", "true"]) },
    {
      name: "node -e 0",
      run: () => exitsZero(running, [...running.helperCommand("guilds-code").slice(0, 1), "-e", "0"]),
    },
  ];
  const samples = await interleave(arms, BOUNDS);
  const [first, start, shell, bash, node] = [
    "first call",
    "start only",
    "shell true",
    "bash -c true",
    "node -e 0",
  ].map((name) => {
    const found = samples.get(name);
    if (!found) throw new Error(`no samples for ${name}`);
    return found;
  });
  if (!first || !start || !shell || !bash || !node) throw new Error("missing samples");
  const firstP50 = percentile(first.wallMs, 50);
  const wake = split.p50s(first.wallMs.length);
  const goal = [{ text: `p50 < ${GOAL_MS} ms`, met: firstP50 < GOAL_MS }];
  const extra = { ...wake, ratio_to_bash_p50: round3(firstP50 / percentile(bash.wallMs, 50)) };
  const note = `start ${wake.start_p50_ms} ms + first call ${wake.first_call_p50_ms} ms (p50s)`;
  const bashLabel = "bash -c true (machine.exec), running machine";
  const firstCase = {
    variant: "first shell true, stopped machine",
    samples: first,
    goals: goal,
    extra,
    note,
  };
  const cases = [
    { ...firstCase, baseline: "shell true, running machine (session)", baselineSamples: shell },
    { ...firstCase, baseline: bashLabel, baselineSamples: bash },
    { variant: "machine start alone", samples: start, baseline: bashLabel, baselineSamples: bash },
    {
      variant: "node -e 0 (machine.exec), running machine",
      samples: node,
      baseline: bashLabel,
      baselineSamples: bash,
    },
  ];
  for (const figures of cases) reportCase({ bench: BENCH, env, ...figures });
} finally {
  helpers.close();
  await registry.stopAll();
  rmSync(home, { recursive: true, force: true });
  safety.leave();
}

/**
 * Stops the machine, then lets its long-lived helper's end be seen (its connection closes with the
 * machine): a server's machine stops when idle, long before the call that wakes it.
 */
async function stopAndSettle(machine: Machine): Promise<void> {
  await machine.stop();
  await sleep(20);
}

async function exitsZero(machine: Machine, argv: string[]): Promise<void> {
  const result = await execInside(machine, argv);
  if (result.code !== 0) throw new Error(`${argv.join(" ")} exited ${result.code}: ${result.stderr}`);
}
