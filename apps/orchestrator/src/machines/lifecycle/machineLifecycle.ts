import { mkdir } from "node:fs/promises";
import { PassThrough } from "node:stream";
import { GuildsError } from "@guilds/protocol/guildsError";
import { agentHash } from "../local/agentHash.ts";
import { sandboxUser } from "../local/bwrap/sandboxUser.ts";
import { type HomeDiskWatch, watchHomeDisk } from "../local/home/homeDiskWatch.ts";
import { describeHomeDisk, type HomeImage, homeImage } from "../local/home/homeImage.ts";
import {
  DEFAULT_IDLE_STOP_MS,
  type LocalMachineOptions,
  type MachineLogger,
  PORT_BLOCK_SIZE,
} from "../local/localOptions.ts";
import type { ExecOptions, Machine, MachineEnd, MachineProcess } from "../machine.ts";
import { DEFAULT_MACHINE_LIMITS } from "../machineLimits.ts";
import { IdleStop, withSessionActivity } from "./idleStop.ts";
import type { MachineBackend } from "./machineBackend.ts";
import type { MachineLayout } from "./machineLayout.ts";
import { insidePathOf } from "./machinePaths.ts";

/** A machine of this host's (local) or an engine's (docker) around its backend. */
export interface LifecycleMachine extends Machine {
  /** How this machine's processes really run: under bubblewrap, unconfined on the host, or in a container. */
  readonly sandbox: MachineLayout["mode"];
}

/**
 * A machine around a backend (backends/): one start or stop at a time, the idle stop (here, unless the
 * machine enforces it itself), keepAwake, and recovery after the machine ends by itself.
 */
export class MachineLifecycle implements LifecycleMachine {
  readonly provider: string;
  readonly agentId: string;
  readonly sandbox: MachineLayout["mode"];
  readonly home: string;
  readonly runtimeDir: string;
  readonly ports: readonly number[];
  readonly baseEnv: Readonly<Record<string, string>>;
  private running = false;
  /** Bumped by every start that brought the sandbox up (runtimeGeneration). */
  private starts = 0;
  /** start, stop and the cleanup after an unexpected end run one at a time, in order. */
  private lifecycle: Promise<void> = Promise.resolve();
  /** Null when the machine stops itself when idle: it sees the work of every process, this one only its own. */
  private readonly idle: IdleStop | null;
  /** GUILDS_LIMITS=off: said at every start. */
  private readonly limitsOff: boolean;
  /** The home's disk limit, while the machine runs; null with limits off. */
  private readonly diskWatch: HomeDiskWatch | null;
  private ended: MachineEnd | null = null;
  /** The home as a disk image of its limit, mounted while the machine runs; null: a plain folder. */
  private readonly image: HomeImage | null;
  private readonly limits: () => number;
  private readonly imageOwner: { uid: number; gid: number };
  /** keepAwake holds not yet released. */
  private holds = 0;

  constructor(
    options: LocalMachineOptions,
    private readonly backend: MachineBackend,
    private readonly logger: MachineLogger,
    private readonly warning: string | null,
  ) {
    this.agentId = options.agentId;
    this.limitsOff = options.limitsOff ?? false;
    this.provider = backend.provider;
    this.sandbox = backend.mode;
    this.home = backend.folders.home.inside;
    this.runtimeDir = backend.folders.run.inside;
    const portBase =
      options.portBase ??
      (backend.mode !== "unconfined" ? 3000 : 20_000 + PORT_BLOCK_SIZE * agentHash(this.agentId, 3000));
    this.ports = Array.from({ length: PORT_BLOCK_SIZE }, (_, index) => portBase + index);
    this.baseEnv = Object.freeze({
      HOME: this.home,
      PATH: backend.searchPath,
      LANG: "C.UTF-8",
      GUILDS_RUNTIME_DIR: this.runtimeDir,
      USER: "agent",
      ...backend.machineVariables,
    });
    this.limits = () => (options.limits?.() ?? DEFAULT_MACHINE_LIMITS).diskBytes;
    this.image =
      options.homeImage && !this.limitsOff ? homeImage(options.root, backend.folders.home.host) : null;
    this.imageOwner =
      backend.mode !== "unconfined"
        ? sandboxUser(options.agentId, options.sandboxUid)
        : { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
    this.diskWatch = this.limitsOff
      ? null
      : watchHomeDisk(
          backend.folders.home.host,
          () => this.limits(),
          (reason) => this.stopOverDisk(reason),
        );
    this.idle = backend.stopsItselfWhenIdle
      ? null
      : new IdleStop(options.idleStopMs ?? DEFAULT_IDLE_STOP_MS, () => this.stopWhenIdle());
    backend.onUnexpectedEnd((reason) => {
      void this.serialized(async () => {
        // A start queued before this may have replaced the machine already.
        if (!this.running || this.backend.alive()) return;
        this.logger.warn(
          `the machine of agent ${this.agentId} ended unexpectedly (${reason}); the next call starts it again`,
        );
        this.ended = { reason: `it ended unexpectedly (${reason})`, at: Date.now() };
        await this.halt();
      }).catch(() => {});
    });
  }

  helperCommand(name: string): string[] {
    return this.backend.helperCommand(name);
  }

  isRunning(): boolean {
    return this.running && this.backend.alive();
  }

  lastEnd(): MachineEnd | null {
    return this.ended;
  }

  sessionSocketFolder(): string | null {
    if (!this.isRunning()) return null;
    if (this.backend.sessionSocketFolder !== undefined) return this.backend.sessionSocketFolder();
    return this.backend.mode === "container" ? null : this.backend.folders.run.host;
  }

  runtimeGeneration(): number | null {
    return this.isRunning() ? this.starts : null;
  }

  start(): Promise<void> {
    return this.serialized(async () => {
      if (this.isRunning()) return this.idle?.touch();
      if (this.running) {
        this.logger.info(
          `the machine of agent ${this.agentId} has stopped (its idle stop, or it ended): starting it again`,
        );
        await this.halt();
      }
      if (this.warning) this.logger.warn(this.warning);
      if (this.limitsOff) {
        this.logger.warn(
          `the machine of agent ${this.agentId} runs WITHOUT resource limits (GUILDS_LIMITS=off): its processes can use all of this host's memory, processes and CPU. Unset GUILDS_LIMITS to give it its limits.`,
        );
      }
      await mkdir(this.backend.folders.home.host, { recursive: true });
      // The image mounts (a process of its own) while the backend readies what needs no home.
      const [mounted, prepared] = await Promise.allSettled([
        this.mountHome(),
        this.backend.prepareBesideHome?.(),
      ]);
      let watched = true;
      try {
        if (prepared.status === "rejected") throw prepared.reason;
        if (mounted.status === "rejected") throw mounted.reason;
        watched = mounted.value;
        await this.backend.start();
      } catch (error) {
        await this.backend.stop().catch(() => {});
        await this.image?.unmount().catch(() => {});
        if (error instanceof GuildsError) throw error;
        throw new GuildsError(
          "machine.start_failed",
          `the machine of agent ${this.agentId} did not start: ${errorText(error)}`,
        );
      }
      this.starts += 1;
      this.running = true;
      this.idle?.touch();
      if (watched) this.diskWatch?.start();
    });
  }

  stop(): Promise<void> {
    return this.serialized(async () => {
      if (this.running) await this.halt();
    });
  }

  /**
   * Counted: the idle stop waits until every hold is released. A call over a long-lived session is
   * not activity while it waits, so the transport holds the machine awake around each call.
   */
  keepAwake(): () => void {
    const endIdleHold = this.idle?.begin();
    this.holds += 1;
    if (this.holds === 1) this.backend.setHeld(true);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (this.holds === 0) this.backend.setHeld(false);
      endIdleHold?.();
    };
  }

  exec(options: ExecOptions): MachineProcess {
    if (!this.isRunning()) return failedProcess(this.notRunning());
    const cwd = options.cwd ?? this.home;
    const request = { ...options, cwd: insidePathOf(this.backend.folders, cwd) ?? cwd };
    if (options.longLived) {
      this.idle?.touch();
      return withSessionActivity(this.startProcess(request), () => this.idle?.touch());
    }
    const ended = this.idle?.begin();
    const child = this.startProcess(request);
    if (ended) child.exit.then(ended, ended);
    return child;
  }

  /** The sandbox may have ended a moment before this machine heard of it. */
  private startProcess(request: ExecOptions & { cwd: string }): MachineProcess {
    try {
      return this.backend.exec(request);
    } catch (error) {
      const reason =
        error instanceof GuildsError ? error : new GuildsError("machine.exec_failed", errorText(error));
      return failedProcess(reason);
    }
  }

  async writeFile(pathInside: string, data: string | Buffer, mode = 0o600): Promise<void> {
    const inside = insidePathOf(this.backend.folders, pathInside);
    if (inside === null) {
      throw new GuildsError(
        "machine.path_outside",
        `writeFile takes a path under ${this.home} or ${this.runtimeDir}, not ${pathInside}`,
      );
    }
    if (!this.isRunning()) throw this.notRunning();
    this.idle?.touch();
    await this.backend.writeFile(inside, typeof data === "string" ? Buffer.from(data, "utf8") : data, mode);
  }

  /** Ends every process and clears run/; the home stays. */
  private async halt(): Promise<void> {
    this.running = false;
    this.idle?.cancel();
    this.diskWatch?.stop();
    await this.backend.stop();
    await this.image?.unmount();
  }

  /** Mounts the home's image when it has one; true when its disk limit must be watched instead. */
  private async mountHome(): Promise<boolean> {
    if (this.image === null) return true;
    const limit = this.limits();
    const disk = await this.image.mount(limit, this.imageOwner);
    if (disk.kind === "folder")
      this.logger.info(`the machine of agent ${this.agentId}: ${describeHomeDisk(disk, limit)}`);
    // An image larger than a lowered limit cannot shrink: the watcher holds the limit then.
    return disk.kind === "folder" || disk.bytes > limit;
  }

  private stopOverDisk(reason: string): void {
    this.serialized(async () => {
      if (!this.running) return;
      this.logger.warn(`the machine of agent ${this.agentId} stops: ${reason}`);
      this.ended = { reason, at: Date.now() };
      await this.halt();
    }).catch((error: unknown) => this.logger.warn(`stopping ${this.agentId} failed: ${String(error)}`));
  }

  private stopWhenIdle(): void {
    this.serialized(async () => {
      if (!this.running || !this.idle) return;
      if (!this.idle.isIdle()) return this.idle.recheck();
      this.logger.info(`the machine of agent ${this.agentId} is idle: stopping it`);
      await this.halt();
    }).catch((error: unknown) => this.logger.warn(`idle stop of ${this.agentId} failed: ${String(error)}`));
  }

  private serialized(step: () => Promise<void>): Promise<void> {
    const next = this.lifecycle.then(step);
    this.lifecycle = next.catch(() => {});
    return next;
  }

  private notRunning(): GuildsError {
    return new GuildsError(
      "machine.not_running",
      `the machine of agent ${this.agentId} is not running: call start() first`,
    );
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A process that never started: empty output, and its exit rejects with the reason. */
export function failedProcess(error: GuildsError): MachineProcess {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdout.end();
  stderr.end();
  const exit = Promise.reject(error);
  // A caller that only reads the streams must not crash the server with an unhandled rejection.
  exit.catch(() => {});
  return { stdin: null, stdout, stderr, exit, kill() {} };
}
