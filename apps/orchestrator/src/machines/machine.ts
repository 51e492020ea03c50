import type { Readable, Writable } from "node:stream";

/** One process started inside a machine. */
export interface MachineProcess {
  /** Present when the exec asked for stdin: "pipe". */
  readonly stdin: Writable | null;
  readonly stdout: Readable;
  readonly stderr: Readable;
  /**
   * Settles once the process has exited and its output streams have ended (a grandchild that keeps
   * them open is cut off shortly after the exit). Rejects with a GuildsError when the machine is not
   * running or loses the process.
   */
  readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Signals the process (its whole process group inside the machine). */
  kill(signal?: NodeJS.Signals): void;
}

export interface ExecOptions {
  /** Argument array; never a shell string. */
  argv: string[];
  /** The whole environment of the process, built explicitly (never the server's own). */
  env: Record<string, string>;
  /** Working directory inside the machine; default the home. */
  cwd?: string;
  /** "ignore" (default) closes stdin; "pipe" keeps it for a long-lived helper. */
  stdin?: "ignore" | "pipe";
  /**
   * A long-lived helper session (guilds-code serve): it does not hold the machine awake while it
   * waits; each write to its stdin and each chunk it prints counts as activity instead.
   */
  longLived?: boolean;
}

export interface MachineEnd {
  reason: string;
  at: number;
}

/**
 * The sandbox of one agent. Every provider gives the same view inside: $HOME (the agent home),
 * /run/guilds (gone with the machine), the helpers on PATH, bash, git, rg and node.
 */
export interface Machine {
  readonly agentId: string;
  /** Provider name: "local", "docker", ... */
  readonly provider: string;
  /** The agent home as seen inside the machine. */
  readonly home: string;
  /** The runtime directory (/run/guilds) as seen inside the machine. */
  readonly runtimeDir: string;
  /** The port block: PORT is the first, GUILDS_PORTS lists them all. */
  readonly ports: readonly number[];
  /** The base environment every process inside gets: HOME, PATH, LANG, GUILDS_RUNTIME_DIR, ... */
  readonly baseEnv: Readonly<Record<string, string>>;
  /** The argv prefix that runs a helper by name ("guilds-code", "guilds-harness"). */
  helperCommand(name: string): string[];

  /** Starts (wakes) the machine if it is not running. Idempotent and safe to call concurrently. */
  start(): Promise<void>;
  /** Ends every process inside (background commands included) and clears /run/guilds; the home survives. */
  stop(): Promise<void>;
  isRunning(): boolean;
  /**
   * Why the machine last ended without its owner stopping it (past its disk limit, its sandbox
   * died) and when (ms since the epoch); null when it never did. A call cut short by that end says so.
   */
  lastEnd(): MachineEnd | null;
  /**
   * Which start of this handle's machine is running: a value that changes with every start (a new
   * /run/guilds, or a machine adopted as it is), null while it is not running. A file written under
   * runtimeDir is still there only while this has not changed.
   */
  runtimeGeneration(): number | null;
  /**
   * A folder of this host that is the machine's runtimeDir, through which this process can connect
   * to a unix socket a process of the machine listens on there (a long-lived helper's: serveSocket);
   * null when there is none (an engine on another host). Absent: none either.
   */
  sessionSocketFolder?(): string | null;
  /**
   * Marks work in flight: the idle stop cannot fire until the returned function is called. Holds
   * are counted, and calling a release twice releases once. A call over a long-lived session
   * (exec with longLived) is not activity while it waits, so the transport holds the machine
   * awake around each helper call (a shell call may last 630 s).
   */
  keepAwake(): () => void;

  /**
   * Starts a process inside the running machine. Counts as activity for the idle stop. A command
   * that cannot be run (no such file) is no fault of the machine: it exits 127 with the reason on
   * stderr.
   */
  exec(options: ExecOptions): MachineProcess;
  /** The machine's file API: writes a file at a path inside the machine (mode default 0600). */
  writeFile(pathInside: string, data: string | Buffer, mode?: number): Promise<void>;
}
