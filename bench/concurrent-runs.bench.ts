// concurrent-runs: 50 runs of scripted agents at once, 100 `shell {"command": "true"}` calls each,
// through the whole server (POST a run over HTTP, the scripted model, the toolbox, the machine,
// the store, the events, the run's end seen on the guild's SSE stream), against the same 5,000
// calls made straight through the toolbox (shellTool.run) by 50 workers, one per machine, on the
// very same 50 machines. Goals (issue 18): the server's tool calls per second >= 1.0x the toolbox's,
// and under 0.5 ms of the server's CPU per call.
import { loadavg } from "node:os";
import type { Machine } from "../apps/orchestrator/src/machines/machine.ts";
import { codeResultMaxBytes } from "../apps/orchestrator/src/toolbox/codeResultMaxBytes.ts";
import {
  createHelperTransport,
  type HelperTransport,
} from "../apps/orchestrator/src/toolbox/helperTransport.ts";
import { defaultWorkingDirectory } from "../apps/orchestrator/src/toolbox/workingDirectory.ts";
import { shellTool } from "../apps/orchestrator/src/tools/shell/shell.ts";
import { standaloneToolContext } from "../apps/orchestrator/src/tools/standaloneToolContext.ts";
import { type BenchServer, withBenchServer } from "./lib/benchServer.ts";
import { environment, reportCase, say } from "./lib/report.ts";
import { type RunEnds, watchRunEnds } from "./lib/runEnds.ts";
import { round3 } from "./lib/stats.ts";

const BENCH = "concurrent-runs";
const RUNS = 50;
const CALLS_PER_RUN = 100;
const CALLS = RUNS * CALLS_PER_RUN;
/** Enough to start every machine and its long-lived helper, on both paths, before measuring. */
const WARMUP_CALLS_PER_RUN = 2;
const TPS_RATIO_GOAL = 1.0;
const CPU_MS_PER_CALL_GOAL = 0.5;

await withBenchServer(async (server) => {
  const guild = await server.api<{ id: string }>("POST", "/api/guilds", { name: "concurrent" });
  const agentIds: string[] = [];
  for (let index = 1; index <= RUNS; index += 1) {
    agentIds.push(
      await server.createScriptedAgent(guild.id, `agent-${index}`, shellScript(WARMUP_CALLS_PER_RUN)),
    );
  }
  const runEnds = await watchRunEnds(server, guild.id);
  // The toolbox's side has a transport of its own, made as the run service makes the server's.
  const helpers = createHelperTransport();
  try {
    await runAll(server, agentIds, runEnds);
    const machines = await Promise.all(
      agentIds.map(async (id) =>
        server.services.machines.forAgent(await server.services.store.agents.get(id)),
      ),
    );
    await callAll(machines, helpers, WARMUP_CALLS_PER_RUN);
    const sandbox = await server.sandboxOf(agentIds[0] ?? "");
    say(`${BENCH}: sandbox ${sandbox}, ${RUNS} agents, each its own machine, warmed up`);
    for (const id of agentIds) {
      await server.api("PATCH", `/api/agents/${id}`, { script: shellScript(CALLS_PER_RUN) });
    }

    // direct (half), server, direct (half): one server round of 50 x 100 takes minutes here, so the
    // toolbox's 5,000 calls are split around it and whatever drifts meanwhile falls on both alike.
    const directFailures: string[] = [];
    const firstHalf = await measure("direct, first half", () =>
      callAll(machines, helpers, CALLS_PER_RUN / 2, directFailures),
    );
    let runIds: string[] = [];
    const ours = await measure("server", async () => {
      runIds = await runAll(server, agentIds, runEnds);
    });
    const serverFailures = await failedCallsOf(server, runIds);
    const secondHalf = await measure("direct, second half", () =>
      callAll(machines, helpers, CALLS_PER_RUN / 2, directFailures),
    );
    for (const [side, failures] of [
      ["server", serverFailures],
      ["direct", directFailures],
    ] as const) {
      if (failures.length > 0)
        say(`${BENCH}: ${side}: ${failures.length} calls failed, the first: ${failures[0]}`);
    }
    const floor = { wallMs: firstHalf.wallMs + secondHalf.wallMs, cpuMs: firstHalf.cpuMs + secondHalf.cpuMs };
    const tps = CALLS / (ours.wallMs / 1000);
    const directTps = CALLS / (floor.wallMs / 1000);
    const cpuPerCall = ours.cpuMs / CALLS;
    const directCpuPerCall = floor.cpuMs / CALLS;
    reportCase({
      bench: BENCH,
      variant: "server",
      baseline: `shellTool.run, ${RUNS} workers on the same machines`,
      samples: { wallMs: [ours.wallMs], cpuMs: [cpuPerCall] },
      baselineSamples: { wallMs: [floor.wallMs], cpuMs: [directCpuPerCall] },
      env: environment(sandbox),
      goals: [
        { text: `tps_ratio >= ${TPS_RATIO_GOAL}`, met: tps / directTps >= TPS_RATIO_GOAL },
        { text: `server CPU per call < ${CPU_MS_PER_CALL_GOAL} ms`, met: cpuPerCall < CPU_MS_PER_CALL_GOAL },
      ],
      extra: {
        runs: RUNS,
        calls_per_run: CALLS_PER_RUN,
        tps: round3(tps),
        baseline_tps: round3(directTps),
        tps_ratio: round3(tps / directTps),
        baseline_orchestrator_cpu_ms_per_op: round3(directCpuPerCall),
        failed_calls: serverFailures.length,
        baseline_failed_calls: directFailures.length,
      },
      note:
        `${round3(tps)} tool calls/s vs ${round3(directTps)} direct, tps ratio ${round3(tps / directTps)}; ` +
        `CPU of this process per call ${round3(cpuPerCall)} ms vs ${round3(directCpuPerCall)} ms`,
    });
  } finally {
    helpers.close();
    runEnds.close();
  }
});

/** Times one round: wall, and this process's CPU. Says how long it took: rounds are minutes here. */
async function measure(name: string, round: () => Promise<void>): Promise<{ wallMs: number; cpuMs: number }> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await round();
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  say(`${BENCH}: ${name} in ${(wallMs / 1000).toFixed(1)} s (load ${loadavg()[0]?.toFixed(2)})`);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

function shellScript(calls: number) {
  return {
    steps: Array.from({ length: calls }, () => ({
      type: "reply" as const,
      tool_calls: [{ name: "shell", args: { command: "true" } }],
    })),
    final_text: "Done.",
  };
}

/** Starts a run of every agent at once; resolves when the guild's stream has shown all of them end. */
async function runAll(server: BenchServer, agentIds: readonly string[], runEnds: RunEnds): Promise<string[]> {
  const ended = runEnds.next(agentIds.length);
  const runs = await Promise.all(
    agentIds.map((id) => server.api<{ id: string }>("POST", `/api/agents/${id}/runs`, { message: "go" })),
  );
  await ended;
  return runs.map((run) => run.id);
}

/**
 * Untimed: every run completed, with every call it was scripted to make. A call that failed (the
 * machine overwhelmed) still counts as made, on both sides; the failures are reported.
 */
async function failedCallsOf(server: BenchServer, runIds: readonly string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const id of runIds) {
    const run = await server.api<{ status: string; tool_calls: { status: string; result: string | null }[] }>(
      "GET",
      `/api/runs/${id}`,
    );
    if (run.status !== "completed" || run.tool_calls.length !== CALLS_PER_RUN) {
      throw new Error(
        `run ${id} ended ${run.status} after ${run.tool_calls.length} of ${CALLS_PER_RUN} calls`,
      );
    }
    for (const call of run.tool_calls) {
      if (call.status !== "completed") failures.push(`${call.status}: ${call.result?.slice(0, 300)}`);
    }
  }
  return failures;
}

let directCalls = 0;

/** One worker per machine, each making its calls one after another, as a run does. */
async function callAll(
  machines: readonly Machine[],
  helpers: HelperTransport,
  calls: number,
  failures: string[] = [],
): Promise<void> {
  const maxBytes = codeResultMaxBytes(process.env);
  await Promise.all(
    machines.map(async (machine) => {
      for (let index = 0; index < calls; index += 1) {
        directCalls += 1;
        const result = await shellTool.run(
          { command: "true" },
          standaloneToolContext({
            machine,
            helpers,
            runId: "bench",
            agentId: machine.agentId,
            callId: `direct-${directCalls}`,
            defaultCwd: defaultWorkingDirectory([]),
            secrets: {},
            repoTokens: {},
            maxBytes,
          }),
        );
        if (!result.ok || result.meta.exit_code !== 0) failures.push(result.text.slice(0, 300));
      }
    }),
  );
}
