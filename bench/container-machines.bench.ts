// container-machines: the docker provider's machines, on each engine whose socket variable is set
// (GUILDS_TEST_DOCKER_SOCKET, GUILDS_TEST_PODMAN_SOCKET).
// - Time to the first command: cold (no container: create, start, first `shell` through the
//   long-lived helper), stopped (start, first `shell`), against `shell true` on a running machine.
//   Goals: cold p50 under 1 s, stopped under 0.5 s.
// - `shell true` through the container's long-lived helper against `bash -c true` run by a bash
//   already in the container (no exec per call; goal under 2x), against one engine exec per call
//   (goal: ours 5x faster) and against the bwrap machine's helper (no goal).
// - Memory per idle machine: its memory cgroup and the engine's processes for it.
import { loadavg } from "node:os";
import type { ContainerEngine } from "../apps/orchestrator/src/machines/docker/dockerMachine.ts";
import type { Machine } from "../apps/orchestrator/src/machines/machine.ts";
import {
  createHelperTransport,
  type HelperTransport,
} from "../apps/orchestrator/src/toolbox/helperTransport.ts";
import { containerEngines } from "../apps/orchestrator/test/machines/docker/containerEngines.ts";
import { openBashLoop } from "./lib/bashLoop.ts";
import { openBenchMachine } from "./lib/benchMachine.ts";
import { containerMachineMaker } from "./lib/containerMachines.ts";
import { type ContainerMemory, containerMemory } from "./lib/containerMemory.ts";
import { execInside } from "./lib/execInside.ts";
import { type Arm, type ArmSamples, interleave } from "./lib/interleave.ts";
import { environment, reportCase, say } from "./lib/report.ts";
import { shellTrueCall } from "./lib/shellTrueCall.ts";
import { percentile, round3 } from "./lib/stats.ts";
import { WakeSplit } from "./lib/wakeSplit.ts";

const BENCH = "container-machines";
const COLD_GOAL_MS = 1000;
const STOPPED_GOAL_MS = 500;
const BASH_LOOP_GOAL = 2;
const EXEC_SPEEDUP_GOAL = 5;
const IDLE_MACHINES = 3;
const HOST_MIB = 24 * 1024;
let calls = 0;

say(
  `${BENCH}: load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(" ")} at its start`,
);
const engines = (await containerEngines()).filter((found) => {
  if (found.engine === undefined) say(`${found.name}: skipped: ${found.skipReason}`);
  return found.engine !== undefined;
});
if (engines.length === 0) process.exit(0);

// The same local machine the shell-true bench measures (bwrap when it works here).
const local = await openBenchMachine();
const bwrap: LocalSubject | null =
  local.sandboxLabel === "bwrap" ? { machine: local.machine, helpers: local.session } : null;
if (bwrap === null) say(`the bwrap comparison is skipped: the local machine here is ${local.sandboxLabel}`);
try {
  for (const { name, engine } of engines) {
    if (engine !== undefined) await measureEngine(name, engine, bwrap);
  }
} finally {
  await local.dispose();
}

/** A bwrap machine of the local provider and its long-lived helper, to compare with. */
interface LocalSubject {
  machine: Machine;
  helpers: HelperTransport;
}

async function measureEngine(name: string, engine: ContainerEngine, local: LocalSubject | null) {
  const version = (await engine.docker.version()).Version;
  const env = environment(`${name} ${version}`);
  say(`${BENCH}: ${name} ${version}`);
  const maker = containerMachineMaker(engine, name);
  const transports: HelperTransport[] = [];
  const session = () => {
    const transport = createHelperTransport({ mode: "session" });
    transports.push(transport);
    return transport;
  };
  try {
    const running = maker.make("running");
    const runningHelpers = session();
    await shellTrueCall(running.machine, runningHelpers);
    const stopped = maker.make("stopped");
    await shellTrueCall(stopped.machine, session());
    await stopped.machine.stop();

    // 1. Time to the first command.
    const split = { cold: new WakeSplit(shellTrueCall), stopped: new WakeSplit(shellTrueCall) };
    let coldMachine: ReturnType<typeof maker.make> | null = null;
    let coldHelpers: HelperTransport | null = null;
    let stoppedHelpers: HelperTransport | null = null;
    const firstSamples = await interleave(
      [
        { name: "running", run: () => shellTrueCall(running.machine, runningHelpers) },
        {
          name: "stopped",
          run: async () => {
            stoppedHelpers = session();
            await split.stopped.time(stopped.machine, stoppedHelpers);
          },
          after: async () => {
            stoppedHelpers?.close();
            await stopped.machine.stop();
          },
        },
        {
          name: "cold",
          run: async () => {
            coldMachine = maker.make("cold");
            coldHelpers = session();
            await split.cold.time(coldMachine.machine, coldHelpers);
          },
          after: async () => {
            coldHelpers?.close();
            await coldMachine?.remove();
          },
        },
      ],
      { warmupRounds: 1, minRounds: 12, maxRounds: 40, maxSeconds: 60 },
    );
    const runningSamples = samplesOf(firstSamples, "running");
    for (const [kind, goalMs] of [
      ["cold", COLD_GOAL_MS],
      ["stopped", STOPPED_GOAL_MS],
    ] as const) {
      const samples = samplesOf(firstSamples, kind);
      const p50 = percentile(samples.wallMs, 50);
      const parts = split[kind].p50s(samples.wallMs.length);
      reportCase({
        bench: BENCH,
        variant: `${name}: first command, ${kind}`,
        baseline: "shell true on the running machine (session)",
        samples,
        baselineSamples: runningSamples,
        env,
        goals: [{ text: `p50_ms < ${goalMs}`, met: p50 < goalMs }],
        extra: { engine: name, ...p90s(samples, runningSamples), ...parts },
        note: `p90 ${round3(percentile(samples.wallMs, 90))} ms; machine start p50 ${parts.start_p50_ms} ms, then the first shell p50 ${parts.first_call_p50_ms} ms`,
      });
    }

    // 2 and 3. shell true on the running machine against bash already in it, an exec per call, bwrap.
    // Two interleaves: the goal's pair with the ping (all light), then the heavy arms. In one, the
    // call after an exec or a bwrap call always paid for their aftermath (the engine and the host
    // cleaning up), and with the order rotating it was always the same arm: a bias against it.
    const loop = openBashLoop(running.machine);
    const sessionArm: Arm = { name: "session", run: () => shellTrueCall(running.machine, runningHelpers) };
    const light = await interleave(
      [
        sessionArm,
        { name: "bash loop", run: () => loop.run("bash -c true") },
        // The helper's ping: the transport's round trip alone, no command started.
        { name: "ping", run: () => ping(running.machine, runningHelpers) },
      ],
      { warmupRounds: 5, minRounds: 30, maxRounds: 300, maxSeconds: 20 },
    );
    await loop.close();
    const heavyArms: Arm[] = [
      sessionArm,
      {
        name: "exec",
        run: async () => {
          const result = await execInside(running.machine, ["bash", "-c", "true"]);
          if (result.code !== 0) throw new Error(`bash -c true exited ${result.code}: ${result.stderr}`);
        },
      },
    ];
    if (local !== null)
      heavyArms.push({ name: "bwrap", run: () => shellTrueCall(local.machine, local.helpers) });
    const heavy = await interleave(heavyArms, {
      warmupRounds: 3,
      minRounds: 30,
      maxRounds: 200,
      maxSeconds: 20,
    });
    const versus = (
      runSamples: Map<string, ArmSamples>,
      arm: string,
      baseline: string,
      goal?: (ratio: number) => { text: string; met: boolean },
    ) => {
      const ours = samplesOf(runSamples, "session");
      const baselineSamples = samplesOf(runSamples, arm);
      const ratio = percentile(ours.wallMs, 50) / percentile(baselineSamples.wallMs, 50);
      reportCase({
        bench: BENCH,
        variant: `${name}: shell true, session, vs ${arm}`,
        baseline,
        samples: ours,
        baselineSamples,
        env,
        goals: goal === undefined ? [] : [goal(ratio)],
        extra: { engine: name, ...p90s(ours, baselineSamples) },
        note: `p90 ${round3(percentile(ours.wallMs, 90))} vs ${round3(percentile(baselineSamples.wallMs, 90))} ms; ${round3(1 / ratio)}x faster`,
      });
    };
    versus(
      light,
      "bash loop",
      "bash -c true from a bash already in the container (no exec per call)",
      (ratio) => ({
        text: `ratio_p50 < ${BASH_LOOP_GOAL}`,
        met: ratio < BASH_LOOP_GOAL,
      }),
    );
    versus(heavy, "exec", "bash -c true, one engine exec per call (machine.exec)", (ratio) => ({
      text: `ratio_p50 <= ${1 / EXEC_SPEEDUP_GOAL} (${EXEC_SPEEDUP_GOAL}x faster)`,
      met: ratio <= 1 / EXEC_SPEEDUP_GOAL,
    }));
    if (local !== null) versus(heavy, "bwrap", "shell true on a bwrap machine (session)");
    const pingSamples = samplesOf(light, "ping");
    reportCase({
      bench: BENCH,
      variant: `${name}: ping, session`,
      baseline: "bash -c true from a bash already in the container (no exec per call)",
      samples: pingSamples,
      baselineSamples: samplesOf(light, "bash loop"),
      env,
      extra: { engine: name, ...p90s(pingSamples, samplesOf(light, "bash loop")) },
      note: "the helper's round trip without a command: what the transport and serve cost a call",
    });

    // 4. Memory per idle machine.
    const idle = [];
    for (let index = 0; index < IDLE_MACHINES; index += 1) {
      const made = maker.make("idle");
      await shellTrueCall(made.machine, session());
      idle.push(made);
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const readings = [];
    for (const made of idle) readings.push(await containerMemory(engine.docker, made.containerName));
    reportMemory(name, env, readings);
  } finally {
    for (const transport of transports) transport.close();
    await maker.dispose();
  }
}

function reportMemory(engineName: string, env: ReturnType<typeof environment>, readings: ContainerMemory[]) {
  const median = (values: number[]) => percentile(values, 50);
  const workingSet = median(readings.map((reading) => reading.cgroupWorkingSetMib));
  const engineSide = median(
    readings.map((reading) => reading.engineProcesses.reduce((sum, process) => sum + process.pssMib, 0)),
  );
  const engineSideRss = median(
    readings.map((reading) => reading.engineProcesses.reduce((sum, process) => sum + process.rssMib, 0)),
  );
  const perMachine = workingSet + engineSide;
  const line = {
    bench: BENCH,
    variant: `${engineName}: memory per idle machine`,
    machines: readings.length,
    per_machine_mib: round3(perMachine),
    machines_per_24gib: Math.floor(HOST_MIB / perMachine),
    cgroup_usage_mib: round3(median(readings.map((reading) => reading.cgroupUsageMib))),
    cgroup_working_set_mib: round3(workingSet),
    cgroup_anon_mib: round3(median(readings.map((reading) => reading.cgroupAnonMib))),
    cgroup_shmem_mib: round3(median(readings.map((reading) => reading.cgroupShmemMib))),
    engine_pss_mib: round3(engineSide),
    engine_rss_mib: round3(engineSideRss),
    processes: readings[0]?.processes.map((process) => `${process.name} ${round3(process.rssMib)}`),
    engine_processes: readings[0]?.engineProcesses.map(
      (process) => `${process.name} rss ${round3(process.rssMib)} pss ${round3(process.pssMib)}`,
    ),
    summary: `${round3(perMachine)} MiB per idle machine, ${Math.floor(HOST_MIB / perMachine)} on 24 GiB`,
    load1: round3(loadavg()[0] ?? Number.NaN),
    env,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  say(
    `${BENCH} ${line.variant}: ${line.summary} (median of ${readings.length}): cgroup working set ${line.cgroup_working_set_mib} MiB (usage ${line.cgroup_usage_mib}, anon ${line.cgroup_anon_mib}, shmem ${line.cgroup_shmem_mib}) + engine processes PSS ${line.engine_pss_mib} MiB (RSS ${line.engine_rss_mib}); inside: ${line.processes?.join(", ")}; engine: ${line.engine_processes?.join(", ")}`,
  );
}

async function ping(machine: Machine, helpers: HelperTransport): Promise<void> {
  calls += 1;
  const envelope = await helpers.run(machine, {
    op: "ping",
    args: {},
    run_id: "bench",
    agent_id: machine.agentId,
    call_id: `b${process.pid}-${calls}`,
    cwd: "",
    max_bytes: 8192,
    env: {},
    repo_tokens: {},
  });
  if (!envelope.ok) throw new Error(`ping failed: ${JSON.stringify(envelope)}`);
}

function samplesOf(samples: Map<string, ArmSamples>, arm: string): ArmSamples {
  const found = samples.get(arm);
  if (found === undefined) throw new Error(`no samples for ${arm}`);
  return found;
}

function p90s(samples: ArmSamples, baselineSamples: ArmSamples) {
  return {
    p90_ms: round3(percentile(samples.wallMs, 90)),
    baseline_p90_ms: round3(percentile(baselineSamples.wallMs, 90)),
  };
}
