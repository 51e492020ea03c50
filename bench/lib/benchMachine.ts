import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { probeBwrap } from "../../apps/orchestrator/src/machines/local/bwrap/bwrapProbe.ts";
import { sandboxUser } from "../../apps/orchestrator/src/machines/local/bwrap/sandboxUser.ts";
import {
  createLocalMachine,
  type LocalMachine,
} from "../../apps/orchestrator/src/machines/local/localMachine.ts";
import type { MachineLogger } from "../../apps/orchestrator/src/machines/local/localOptions.ts";
import {
  createHelperTransport,
  type HelperTransport,
} from "../../apps/orchestrator/src/toolbox/helperTransport.ts";
import { standaloneToolContext } from "../../apps/orchestrator/src/tools/standaloneToolContext.ts";
import type { ToolContext } from "../../apps/orchestrator/src/tools/toolContext.ts";
import { type ExecResult, execInside } from "./execInside.ts";
import { HelperPeakRss } from "./helperPeakRss.ts";
import { say } from "./report.ts";

/** Logs nothing but warnings: the unconfined warning repeats on every start. */
const quietLogger: MachineLogger = {
  info() {},
  warn: (message) => process.stderr.write(`[machine] ${message}\n`),
};

/**
 * One local machine for a bench, in its own temporary folder: bwrap when it works here (we say which),
 * else unconfined. GUILDS_BENCH_SANDBOX=bwrap|unconfined forces one.
 */
export interface BenchMachine {
  machine: LocalMachine;
  /** The agent home on this host. */
  homeHost: string;
  /** "bwrap", or "unconfined (why)". */
  sandboxLabel: string;
  /** The long-lived helper, never falling back (so a session figure is a session figure). */
  session: HelperTransport;
  /** One helper process per call, the page's transport. */
  oneShot: HelperTransport;
  /** The helper's own peak RSS, read inside the machine. */
  rss: HelperPeakRss;
  /** A tool call's context, each call its own call id. */
  context(helpers: HelperTransport, maxBytes?: number): ToolContext;
  /** Runs argv inside the machine (not through any helper) and drains its output. */
  exec(argv: string[], options?: { keepBytes?: number; cwd?: string }): Promise<ExecResult>;
  /** The host path of a path inside the machine's home ("~/x", "/home/agent/x" or relative). */
  hostPath(insidePath: string): string;
  dispose(): Promise<void>;
}

const cleanups = new Set<() => Promise<void>>();
let signalsHooked = false;

/** Ctrl-C or a TERM still stops the machine and removes its folder. */
function hookSignals(): void {
  if (signalsHooked) return;
  signalsHooked = true;
  for (const name of ["SIGINT", "SIGTERM"] as const) {
    process.once(name, () => {
      void Promise.allSettled([...cleanups].map((cleanup) => cleanup())).then(() => process.exit(130));
    });
  }
}

export async function openBenchMachine(
  options: { prepareHome?: (homeHost: string) => void | Promise<void> } = {},
): Promise<BenchMachine> {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), "guilds-bench-")));
  let machine: LocalMachine | undefined;
  let session: HelperTransport | undefined;
  let oneShot: HelperTransport | undefined;
  const dispose = async () => {
    cleanups.delete(dispose);
    session?.close();
    oneShot?.close();
    await machine?.stop().catch(() => {});
    rmSync(root, { recursive: true, force: true });
  };
  cleanups.add(dispose);
  hookSignals();
  try {
    const homeHost = path.join(root, "home");
    mkdirSync(homeHost, { recursive: true });
    await options.prepareHome?.(homeHost);
    const { created, label } = await createMachine(root);
    machine = created;
    await machine.start();
    const started = machine;
    const rss = new HelperPeakRss(started, homeHost);
    await rss.install();
    session = createHelperTransport({ mode: "session", helperCommand: () => rss.helperCommand() });
    oneShot = createHelperTransport({ mode: "one-shot" });
    const helpers = { session, oneShot };
    let calls = 0;
    return {
      machine: started,
      homeHost,
      sandboxLabel: label,
      ...helpers,
      rss,
      context: (transport, maxBytes = 8192) => {
        calls += 1;
        return standaloneToolContext({
          machine: started,
          helpers: transport,
          runId: "bench",
          agentId: started.agentId,
          callId: `b${process.pid}-${calls}`,
          defaultCwd: "",
          secrets: {},
          repoTokens: {},
          maxBytes,
        });
      },
      exec: (argv, execOptions = {}) => execInside(started, argv, execOptions),
      hostPath: (insidePath) => hostPathOf(started, homeHost, insidePath),
      dispose,
    };
  } catch (caught) {
    await dispose();
    throw caught;
  }
}

async function createMachine(root: string): Promise<{ created: LocalMachine; label: string }> {
  const wanted = process.env.GUILDS_BENCH_SANDBOX ?? "auto";
  const base = { agentId: "bench", root, logger: quietLogger };
  if (wanted === "unconfined") {
    return { created: await createLocalMachine({ ...base, sandbox: "unconfined" }), label: "unconfined" };
  }
  // A bwrap machine that cannot start fails at start, never falls back: the choice is made here.
  const probe = wanted === "bwrap" ? { usable: true as const } : await probeBwrap(sandboxUser(base.agentId));
  if (probe.usable) {
    return { created: await createLocalMachine({ ...base, sandbox: "bwrap" }), label: "bwrap" };
  }
  say(`bwrap is not usable here, measuring unconfined: ${probe.reason}`);
  const created = await createLocalMachine({
    ...base,
    sandbox: "unconfined",
    logger: { ...quietLogger, warn() {} },
  });
  return { created, label: "unconfined (bwrap unavailable)" };
}

function hostPathOf(machine: LocalMachine, homeHost: string, insidePath: string): string {
  if (insidePath.startsWith("~/")) return path.join(homeHost, insidePath.slice(2));
  if (insidePath === machine.home) return homeHost;
  if (insidePath.startsWith(`${machine.home}/`))
    return path.join(homeHost, insidePath.slice(machine.home.length + 1));
  if (!path.isAbsolute(insidePath)) return path.join(homeHost, insidePath);
  throw new Error(`${insidePath} is not in the machine's home`);
}

/** Runs the bench body with a machine, and always stops it and removes its folder. */
export async function withBenchMachine<T>(
  options: Parameters<typeof openBenchMachine>[0],
  body: (bench: BenchMachine) => Promise<T>,
): Promise<T> {
  const bench = await openBenchMachine(options);
  try {
    return await body(bench);
  } finally {
    await bench.dispose();
  }
}
