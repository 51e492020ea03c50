// machine-limits: what a machine's cgroup costs, and what its limits buy a neighbour.
// - shell true (session) on a machine with its limits vs the same machine kind with GUILDS_LIMITS=off:
//   goal within 10%.
// - a machine start with limits vs without (the cgroup made and joined): goal within 50 ms.
// - agent B's shell true while agent A runs each attack vs B while A is idle: goal p99 within 3x.
// Run as root (cgroups): inside a safety cgroup, like the attack suite.
import {
  createLocalMachine,
  type LocalMachine,
} from "../apps/orchestrator/src/machines/local/localMachine.ts";
import type { MachineLimits } from "../apps/orchestrator/src/machines/machineLimits.ts";
import {
  createHelperTransport,
  type HelperTransport,
} from "../apps/orchestrator/src/toolbox/helperTransport.ts";
import { ATTACK_LIMITS, attackAgent } from "../apps/orchestrator/test/attacks/attackMachines.ts";
import { enterSafetyCgroup } from "../apps/orchestrator/test/attacks/safetyCgroup.ts";
import { tempRoot } from "../apps/orchestrator/test/machines/machineFixture.ts";
import { type Arm, type ArmSamples, interleave } from "./lib/interleave.ts";
import { environment, reportCase, say } from "./lib/report.ts";
import { shellTrueCall } from "./lib/shellTrueCall.ts";
import { percentile } from "./lib/stats.ts";

const BENCH = "machine-limits";
const quiet = { info() {}, warn() {} };

const safety = enterSafetyCgroup();
if ("reason" in safety) {
  say(`${BENCH}: skipped: ${safety.reason}`);
  process.exit(0);
}
say(`${BENCH}: ${safety.layout}, sandbox bwrap`);
const env = environment(`bwrap, ${safety.layout}`);

interface Subject {
  machine: LocalMachine;
  helpers: HelperTransport;
  dispose(): Promise<void>;
}

async function subject(agentId: string, limitsOff: boolean, limits?: MachineLimits): Promise<Subject> {
  const { root, remove } = tempRoot();
  const machine = await createLocalMachine({
    agentId,
    root,
    sandbox: "bwrap",
    logger: quiet,
    limitsOff,
    ...(limits === undefined ? {} : { limits: () => limits }),
  });
  await machine.start();
  const helpers = createHelperTransport({ mode: "session" });
  return {
    machine,
    helpers,
    async dispose() {
      helpers.close();
      await machine.stop();
      remove();
    },
  };
}

const limited = await subject("limited", false);
const unlimited = await subject("unlimited", true);
try {
  const shellSamples = await interleave(
    [
      { name: "unlimited", run: () => shellTrueCall(unlimited.machine, unlimited.helpers) },
      { name: "limited", run: () => shellTrueCall(limited.machine, limited.helpers) },
    ],
    { warmupRounds: 10, minRounds: 50, maxRounds: 400, maxSeconds: 25 },
  );
  const [withLimits, without] = [shellSamples.get("limited"), shellSamples.get("unlimited")];
  if (!withLimits || !without) throw new Error("no shell samples");
  const shellRatio = percentile(withLimits.wallMs, 50) / percentile(without.wallMs, 50);
  reportCase({
    bench: BENCH,
    variant: "shell true, limits on",
    baseline: "shell true, GUILDS_LIMITS=off",
    samples: withLimits,
    baselineSamples: without,
    env,
    goals: [{ text: "ratio_p50 <= 1.10", met: shellRatio <= 1.1 }],
  });

  const startArm = (name: string, target: Subject): Arm => ({
    name,
    run: () => target.machine.start(),
    after: () => target.machine.stop(),
  });
  await Promise.all([limited.machine.stop(), unlimited.machine.stop()]);
  const startSamples = await interleave([startArm("unlimited", unlimited), startArm("limited", limited)], {
    warmupRounds: 2,
    minRounds: 15,
    maxRounds: 60,
    maxSeconds: 25,
  });
  const [startWith, startWithout] = [startSamples.get("limited"), startSamples.get("unlimited")];
  if (!startWith || !startWithout) throw new Error("no start samples");
  const startDelta = percentile(startWith.wallMs, 50) - percentile(startWithout.wallMs, 50);
  reportCase({
    bench: BENCH,
    variant: "machine start, limits on",
    baseline: "machine start, GUILDS_LIMITS=off",
    samples: startWith,
    baselineSamples: startWithout,
    env,
    goals: [{ text: "p50 within 50 ms", met: startDelta <= 50 }],
    extra: { start_delta_ms: Number(startDelta.toFixed(1)) },
    note: `start +${startDelta.toFixed(1)} ms`,
  });
} finally {
  await Promise.all([limited.dispose(), unlimited.dispose()]);
}

// The neighbour during each attack of the attacker.
const attacker = await attackAgent("bwrap", "attacker", ATTACK_LIMITS);
const neighbour = await subject("neighbour", false);
const ATTACKS: Record<string, string> = {
  "fork bomb": ":(){ :|:& };: ; sleep 5",
  "memory hog": "for i in 1 2 3 4 5; do python3 -c 'bytearray(8 * 1024 ** 3)'; done; sleep 2",
  "tmpfs fill":
    "for i in 1 2 3 4 5; do dd if=/dev/zero of=/tmp/f bs=1M count=64 status=none; rm -f /tmp/f; done; sleep 2",
  "busy loop": "timeout 5 sh -c 'while :; do :; done'",
};
try {
  const timed = async (): Promise<number> => {
    const started = performance.now();
    await shellTrueCall(neighbour.machine, neighbour.helpers);
    return performance.now() - started;
  };
  const idle: ArmSamples = { wallMs: [], cpuMs: [] };
  for (let round = 0; round < 100; round += 1) idle.wallMs.push(await timed());
  for (const [name, command] of Object.entries(ATTACKS)) {
    const during: ArmSamples = { wallMs: [], cpuMs: [] };
    let done = false;
    const attack = attacker.shell({ command, timeout_seconds: 30 }).finally(() => {
      done = true;
    });
    while (!done || during.wallMs.length < 20) during.wallMs.push(await timed());
    await attack;
    const ratio = percentile(during.wallMs, 99) / percentile(idle.wallMs, 99);
    reportCase({
      bench: BENCH,
      variant: `neighbour during ${name}`,
      baseline: "neighbour, attacker idle",
      samples: during,
      baselineSamples: idle,
      env,
      goals: [{ text: "p99 within 3x idle p99", met: ratio <= 3 }],
      extra: { ratio_p99: Number(ratio.toFixed(3)) },
      note: `p99 ${percentile(during.wallMs, 99).toFixed(1)} ms vs idle p99 ${percentile(idle.wallMs, 99).toFixed(1)} ms (${ratio.toFixed(2)}x)`,
    });
  }
} finally {
  await Promise.all([attacker.dispose(), neighbour.dispose()]);
  safety.leave();
}
