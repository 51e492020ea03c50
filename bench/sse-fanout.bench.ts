// sse-fanout: 1,000 SSE subscribers (real HTTP clients, in a process of their own) on one run of
// a scripted agent making shell calls. Measured: from a tool result event's created_at (stamped as
// the store writes it) to its arrival at each subscriber, over every subscriber and event. The
// baseline is the same run with 1 subscriber, in the same server, interleaved. Goal: p99 < 50 ms.
import { fileURLToPath } from "node:url";
import { type BenchServer, withBenchServer } from "./lib/benchServer.ts";
import {
  type Collected,
  SUBSCRIBERS_ROLE,
  SubscriberProcess,
  serveSubscribers,
} from "./lib/fanoutSubscribers.ts";
import { type Arm, interleave } from "./lib/interleave.ts";
import { environment, reportCase, say } from "./lib/report.ts";
import { round3, summarize } from "./lib/stats.ts";

const BENCH = "sse-fanout";
const SUBSCRIBERS = 1000;
const CALLS_PER_ROUND = 20;
const WARMUP_ROUNDS = 1;
const P99_GOAL_MS = 50;

if (process.env[SUBSCRIBERS_ROLE]) serveSubscribers();
else await withBenchServer(measure);

/** One round of one arm: what its subscribers got, and the server's CPU per tool call. */
interface Round {
  collected: Collected;
  serverCpuMsPerCall: number;
}

async function measure(server: BenchServer): Promise<void> {
  const guild = await server.api<{ id: string }>("POST", "/api/guilds", { name: "fanout" });
  // No steps yet: the first message of each run is answered at once and the run ends.
  const agentId = await server.createScriptedAgent(guild.id, "fanout", { steps: [] });
  const startRun = async () =>
    (await server.api<{ id: string }>("POST", `/api/agents/${agentId}/runs`, { message: "ready" })).id;
  const runs = { fanout: await startRun(), baseline: await startRun() };

  const subscribers = new SubscriberProcess(fileURLToPath(import.meta.url));
  try {
    const eventsUrl = (runId: string) => `${server.origin}/api/runs/${runId}/events`;
    await subscribers.connect("baseline", eventsUrl(runs.baseline), server.token, 1);
    await subscribers.connect("fanout", eventsUrl(runs.fanout), server.token, SUBSCRIBERS);
    // Every subscriber has replayed its run up to its end: from here on, all it gets is live.
    await subscribers.collect("baseline", 1);
    await subscribers.collect("fanout", 1);
    say(`${BENCH}: ${SUBSCRIBERS} subscribers connected to run ${runs.fanout}, 1 to run ${runs.baseline}`);

    await server.api("PATCH", `/api/agents/${agentId}`, {
      script: {
        steps: Array.from({ length: CALLS_PER_ROUND }, (_, index) => ({
          type: "reply",
          text: `Call ${index + 1}.`,
          tool_calls: [{ name: "shell", args: { command: "true" } }],
        })),
        final_text: "Done.",
      },
    });
    const sandbox = await server.sandboxOf(agentId);
    say(`${BENCH}: sandbox ${sandbox}`);

    const rounds: Record<"fanout" | "baseline", Round[]> = { fanout: [], baseline: [] };
    const ends = { fanout: 1, baseline: 1 };
    const arm = (name: "fanout" | "baseline"): Arm => ({
      name,
      run: async () => {
        const cpuBefore = process.cpuUsage();
        await server.api("POST", `/api/runs/${runs[name]}/messages`, { message: "go" });
        ends[name] += 1;
        const collected = await subscribers.collect(name, ends[name]);
        const cpu = process.cpuUsage(cpuBefore);
        rounds[name].push({
          collected,
          serverCpuMsPerCall: (cpu.user + cpu.system) / 1000 / CALLS_PER_ROUND,
        });
      },
    });
    const samples = await interleave([arm("baseline"), arm("fanout")], {
      warmupRounds: WARMUP_ROUNDS,
      minRounds: 5,
      maxRounds: 12,
      maxSeconds: 45,
    });
    const fanout = measured(rounds.fanout, SUBSCRIBERS);
    const baseline = measured(rounds.baseline, 1);
    const ours = summarize(fanout.delaysMs);
    const floor = summarize(baseline.delaysMs);
    const runWall = summarize(samples.get("fanout")?.wallMs ?? []);
    const baselineRunWall = summarize(samples.get("baseline")?.wallMs ?? []);
    const clientCpu = Math.max(...fanout.clientCpuPercent);
    const clientLoopP99 = Math.max(...fanout.clientLoopDelayP99Ms);

    reportCase({
      bench: BENCH,
      variant: `${SUBSCRIBERS} subscribers`,
      baseline: "1 subscriber",
      samples: { wallMs: fanout.delaysMs, cpuMs: fanout.serverCpuMsPerCall },
      baselineSamples: { wallMs: baseline.delaysMs, cpuMs: baseline.serverCpuMsPerCall },
      env: environment(sandbox),
      goals: [{ text: `p99_ms < ${P99_GOAL_MS}`, met: ours.p99 < P99_GOAL_MS }],
      extra: {
        subscribers: SUBSCRIBERS,
        rounds: fanout.serverCpuMsPerCall.length,
        tool_calls_per_round: CALLS_PER_ROUND,
        baseline_p99_ms: round3(floor.p99),
        ratio_p99: round3(ours.p99 / floor.p99),
        max_ms: round3(fanout.delaysMs.reduce((max, value) => Math.max(max, value), 0)),
        run_wall_p50_ms: round3(runWall.p50),
        baseline_run_wall_p50_ms: round3(baselineRunWall.p50),
        baseline_orchestrator_cpu_ms_per_op: round3(summarize(baseline.serverCpuMsPerCall).mean),
        frames_per_round: round3(summarize(fanout.framesPerRound).p50),
        client_cpu_percent_max: round3(clientCpu),
        client_loop_delay_p99_ms_max: round3(clientLoopP99),
      },
      note:
        `p99 ${round3(ours.p99)} ms vs ${round3(floor.p99)} ms (${round3(ours.p99 / floor.p99)}x); ` +
        `a run of ${CALLS_PER_ROUND} calls took ${round3(runWall.p50)} ms (1 subscriber: ${round3(baselineRunWall.p50)} ms); ` +
        `server CPU per tool call ${round3(summarize(fanout.serverCpuMsPerCall).mean)} ms (1 subscriber: ${round3(summarize(baseline.serverCpuMsPerCall).mean)} ms); ` +
        `subscriber process at most ${round3(clientCpu)} % of a core, loop delay p99 <= ${round3(clientLoopP99)} ms`,
    });
  } finally {
    subscribers.close();
  }
}

/** The rounds after the warm-up, pooled; each checked: every subscriber got both events of every call. */
function measured(all: readonly Round[], subscribers: number) {
  const kept = all.slice(WARMUP_ROUNDS);
  const expected = subscribers * CALLS_PER_ROUND * 2;
  for (const { collected } of kept) {
    if (collected.delaysMs.length !== expected) {
      throw new Error(`a round delivered ${collected.delaysMs.length} tool result events, not ${expected}`);
    }
  }
  return {
    delaysMs: kept.flatMap((round) => round.collected.delaysMs),
    serverCpuMsPerCall: kept.map((round) => round.serverCpuMsPerCall),
    clientCpuPercent: kept.map((round) => round.collected.clientCpuPercent),
    clientLoopDelayP99Ms: kept.map((round) => round.collected.clientLoopDelayP99Ms),
    framesPerRound: kept.map((round) => round.collected.frames),
  };
}
