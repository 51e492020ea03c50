import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import { measureMachineStarts } from "../../metrics/machineMetrics.ts";
import type { MachineBackend } from "../lifecycle/machineBackend.ts";
import { type LifecycleMachine, MachineLifecycle } from "../lifecycle/machineLifecycle.ts";
import { createPersistentBackend } from "./backends/persistentBackend.ts";
import { createTiedBwrapBackend } from "./backends/tiedBwrapBackend.ts";
import { createTiedUnconfinedBackend } from "./backends/tiedUnconfinedBackend.ts";
import { createBwrapDaemonSetup } from "./bwrap/bwrapDaemonSetup.ts";
import { sandboxUser } from "./bwrap/sandboxUser.ts";
import type { DaemonSetup } from "./daemon/daemonSetup.ts";
import { consoleLogger, DEFAULT_IDLE_STOP_MS, type LocalMachineOptions } from "./localOptions.ts";
import { createUnconfinedDaemonSetup } from "./unconfined/unconfinedDaemonSetup.ts";

/** How a local machine's processes really run (sandbox): under bubblewrap, or unconfined on the host. */
export type LocalMachine = LifecycleMachine;

/**
 * The map of machines/local. A local machine is a MachineLifecycle (machineLifecycle.ts: one start
 * or stop at a time, the idle stop, keepAwake, the home's disk limit) around a backend, which runs
 * its processes; the two axes of a backend are where they run (bubblewrap or unconfined on this
 * host) and how long the machine lives (tied to this process, or persistent: it outlives it).
 * - backends/: the MachineBackend interface and its three kinds: tiedBwrapBackend (a bwrap sandbox
 *   whose daemon ends with this process), tiedUnconfinedBackend (processes spawned here, no daemon)
 *   and persistentBackend (a detached daemon, under bwrap or not, adopted by the next process).
 * - daemon/: the guilds-machine daemon every daemon-run machine starts: its DaemonSetup (what a
 *   kind of machine passes to start it), its two ways to start (tiedDaemonStart,
 *   detachedDaemonStart), its endpoint and hello, the connections to it and exec through it.
 * - bwrap/: the sandbox itself: bubblewrap's arguments, the probe, the seccomp filter, the
 *   sandbox's user, and its DaemonSetup (bwrapDaemonSetup).
 * - unconfined/: the same without a sandbox: its layout, its DaemonSetup, a process on this host.
 * - home/: the agent home's disk limit: an ext4 image (homeImage) or a watcher (homeDiskWatch).
 * - records/: what a persistent machine leaves on its root (machineRecord) and the root's lock.
 * - here: the options, the folders and PATH inside (machinePaths, machineLayout), the tools this
 *   host provides (hostTools), process groups and liveness.
 *
 * A machine on this host: a folder per agent (the home kept, `run/` gone with the machine), its
 * processes under bubblewrap; a start fails, and nothing runs, while bubblewrap does not work here.
 * It runs unconfined only when asked to ("unconfined"), and says so on every start.
 */
export async function createLocalMachine(options: LocalMachineOptions): Promise<LocalMachine> {
  const logger = options.logger ?? consoleLogger;
  const root = path.resolve(options.root);
  const homeDir = options.homeDir === undefined ? undefined : path.resolve(options.homeDir);
  checkLayout(root, homeDir);
  const persistent = options.persistent ?? false;
  const idleStopMs = options.idleStopMs ?? DEFAULT_IDLE_STOP_MS;
  const make = (backend: MachineBackend, warning: string | null) =>
    new MachineLifecycle({ ...options, root, homeDir }, measureMachineStarts(backend), logger, warning);
  const tiedOrNot = (daemonSetup: DaemonSetup, tied: () => MachineBackend) =>
    persistent
      ? createPersistentBackend(daemonSetup, { agentId: options.agentId, root, idleStopMs })
      : tied();
  const unconfined = () =>
    tiedOrNot(createUnconfinedDaemonSetup(options.agentId, root, homeDir, options), () =>
      createTiedUnconfinedBackend(options.agentId, root, homeDir, options),
    );

  if (options.sandbox === "unconfined") {
    return make(
      unconfined(),
      unconfinedWarning(
        options.agentId,
        'the sandbox option is "unconfined"',
        'set sandbox to "bwrap" or "auto"',
      ),
    );
  }
  // "auto" and "bwrap" alike: bubblewrap, or the machine does not start. Its daemon setup checks
  // that bwrap works at each start, so a machine made while it did not can start confined later.
  const user = sandboxUser(options.agentId, options.sandboxUid);
  const daemonSetup = createBwrapDaemonSetup(options.agentId, root, homeDir, user, options);
  return make(
    tiedOrNot(daemonSetup, () => createTiedBwrapBackend(daemonSetup)),
    options.seccomp === "off" ? seccompOffWarning(options.agentId) : null,
  );
}

function seccompOffWarning(agentId: string): string {
  return `the machine of agent ${agentId} runs WITHOUT its seccomp filter (GUILDS_SECCOMP=off): its commands can reach kernel interfaces a machine never needs (keyrings, eBPF, perf, io_uring, mount calls). To filter them, install python3-seccomp (apt-get install python3-seccomp) and unset GUILDS_SECCOMP.`;
}

/**
 * The machine's own files (run/, a persistent machine's record) must stay out of the agent's reach:
 * the root is not the home nor inside it, and the home is not inside run/.
 */
function checkLayout(root: string, homeDir: string | undefined): void {
  if (homeDir === undefined) return;
  const run = path.join(root, "run");
  if (isWithin(root, homeDir) || isWithin(homeDir, run)) {
    throw new GuildsError(
      "machine.start_failed",
      `the home ${homeDir} and the machine's root ${root} overlap: the root must not be the home or inside it, and the home must not be inside ${run}`,
    );
  }
}

function isWithin(candidate: string, folder: string): boolean {
  const relative = path.relative(folder, candidate);
  return relative === "" || (relative !== ".." && !relative.startsWith("../") && !path.isAbsolute(relative));
}

function unconfinedWarning(agentId: string, reason: string, fix: string): string {
  return `the machine of agent ${agentId} runs UNCONFINED: its commands run directly on this host as the server's user and are NOT confined to the agent home (${reason}). To confine it, ${fix}.`;
}
