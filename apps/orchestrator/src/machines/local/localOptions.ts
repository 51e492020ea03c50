import type { MachineLimits } from "../machineLimits.ts";

/** Where the local provider reports what an operator must know (an unconfined machine, a restart). */
export interface MachineLogger {
  info(message: string): void;
  warn(message: string): void;
}

export type SandboxMode = "bwrap" | "unconfined" | "auto";

/**
 * "isolated" (default): under bwrap the machine has its own network namespace, loopback only.
 * "host": it shares this host's network (harness CLIs reaching their model API, remote clones),
 * and so also reaches this host's own 127.0.0.1 services.
 */
export type MachineNetwork = "isolated" | "host";

/**
 * "on" (default): a bwrap machine's processes run under the seccomp filter of seccompPolicy.ts, and
 * a machine does not start without it. "off": without it, with a warning at every start.
 */
export type SeccompSetting = "on" | "off";

/** What a machine sees besides its home: the harness CLIs, the network, the system calls. */
export interface MachineExtras {
  /** An npm prefix holding the harness CLIs (guilds harness install), seen read-only at SANDBOX_HARNESS_DIR. */
  harnessDir?: string;
  network?: MachineNetwork;
  /**
   * No cgroup, so no limits on processes, memory or CPU (GUILDS_LIMITS=off): only when the operator
   * asks, and said at every start. Default false: a machine whose cgroup cannot be made does not start.
   */
  limitsOff?: boolean;
  seccomp?: SeccompSetting;
}

export interface LocalMachineOptions extends MachineExtras {
  agentId: string;
  /**
   * The machine's folder on this host: `run/` (gone with the machine), `home/` unless homeDir says
   * otherwise, and for a persistent machine its record (machine.json) and log (machine.log).
   */
  root: string;
  /** The agent home on this host, any folder outside the root's run/; default <root>/home. */
  homeDir?: string;
  /**
   * The machine outlives the process that started it (the CLI: one process per call). start() finds
   * a machine already running on this root and adopts it, background commands and all; stop() after
   * that ends it. The machine enforces its idle stop itself, with the idleStopMs of the process that
   * launched it. Default false: the machine ends with this process.
   */
  persistent?: boolean;
  /**
   * "auto" (default) and "bwrap": bubblewrap, or a start fails and nothing runs. "unconfined": on
   * this host as the server's user, with a warning at every start; never chosen unless asked for.
   */
  sandbox?: SandboxMode;
  /** Stops the machine after this long with nothing in flight; default 15 minutes. */
  idleStopMs?: number;
  /** First port of the block; default 3000 under bwrap (own network), a per-agent block unconfined. */
  portBase?: number;
  /** The uid (and gid) the sandbox runs as when the server runs as root; default derived from the agent id. */
  sandboxUid?: number;
  /**
   * What the machine may use of this host (processes, memory, CPUs, disk, tmpfs size); read at each
   * start: a change takes effect at the machine's next start.
   */
  limits?: () => MachineLimits;
  /**
   * The home (<root>/home, not a homeDir of the caller's) is an ext4 image of the disk limit,
   * loop-mounted while the machine runs, so the kernel holds the limit (as root; else, or for a home
   * with files from before, the limit is watched). Default false.
   */
  homeImage?: boolean;
  logger?: MachineLogger;
}

export const DEFAULT_IDLE_STOP_MS = 15 * 60 * 1000;
/** PORT is the first port of the block, GUILDS_PORTS lists all of them. */
export const PORT_BLOCK_SIZE = 10;

export const consoleLogger: MachineLogger = {
  info: (message) => console.error(`[machine] ${message}`),
  warn: (message) => console.error(`[machine] WARNING: ${message}`),
};
