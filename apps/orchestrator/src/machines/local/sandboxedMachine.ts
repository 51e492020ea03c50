import { mkdir, rm } from "node:fs/promises";
import { type ExecOptions, MachineError, type MachineProcess } from "../machine.ts";
import { agentHash } from "./agentHash.ts";
import { failedProcess } from "./failedProcess.ts";
import { IdleStop } from "./idleStop.ts";
import type { LocalMachine } from "./localMachine.ts";
import {
  DEFAULT_IDLE_STOP_MS,
  type LocalMachineOptions,
  type MachineLogger,
  PORT_BLOCK_SIZE,
} from "./localOptions.ts";
import { insidePathOf } from "./machinePaths.ts";
import type { SandboxBackend } from "./sandboxBackend.ts";
import { withSessionActivity } from "./sessionActivity.ts";

/**
 * A machine around a sandbox backend: one start or stop at a time, the idle stop, run/ cleared
 * with each stop, and recovery after the sandbox ends by itself.
 */
export class SandboxedMachine implements LocalMachine {
  readonly provider = "local";
  readonly agentId: string;
  readonly sandbox: "bwrap" | "unconfined";
  readonly home: string;
  readonly runtimeDir: string;
  readonly ports: readonly number[];
  readonly baseEnv: Readonly<Record<string, string>>;
  private running = false;
  /** start, stop and the cleanup after an unexpected end run one at a time, in order. */
  private lifecycle: Promise<void> = Promise.resolve();
  private readonly idle: IdleStop;

  constructor(
    options: LocalMachineOptions,
    private readonly backend: SandboxBackend,
    private readonly logger: MachineLogger,
    private readonly warning: string | null,
  ) {
    this.agentId = options.agentId;
    this.sandbox = backend.mode;
    this.home = backend.folders.home.inside;
    this.runtimeDir = backend.folders.run.inside;
    const portBase =
      options.portBase ??
      (backend.mode === "bwrap" ? 3000 : 20_000 + PORT_BLOCK_SIZE * agentHash(this.agentId, 3000));
    this.ports = Array.from({ length: PORT_BLOCK_SIZE }, (_, index) => portBase + index);
    this.baseEnv = Object.freeze({
      HOME: this.home,
      PATH: `${backend.binDir}:/usr/local/bin:/usr/bin:/bin`,
      LANG: "C.UTF-8",
      GUILDS_RUNTIME_DIR: this.runtimeDir,
      USER: "agent",
    });
    this.idle = new IdleStop(options.idleStopMs ?? DEFAULT_IDLE_STOP_MS, () => {
      this.serialized(async () => {
        if (!this.running) return;
        if (!this.idle.isIdle()) return this.idle.recheck();
        this.logger.info(`the machine of agent ${this.agentId} is idle: stopping it`);
        await this.halt();
      }).catch((error: unknown) => this.logger.warn(`idle stop of ${this.agentId} failed: ${String(error)}`));
    });
    backend.onUnexpectedEnd((reason) => {
      void this.serialized(async () => {
        if (!this.running) return;
        this.logger.warn(
          `the machine of agent ${this.agentId} ended unexpectedly (${reason}); the next call starts it again`,
        );
        await this.halt();
      }).catch(() => {});
    });
  }

  helperCommand(name: string): string[] {
    return this.backend.helperCommand(name);
  }

  isRunning(): boolean {
    return this.running;
  }

  start(): Promise<void> {
    return this.serialized(async () => {
      if (this.running) return this.idle.touch();
      if (this.warning) this.logger.warn(this.warning);
      const { home, run } = this.backend.folders;
      await mkdir(home.host, { recursive: true });
      await rm(run.host, { recursive: true, force: true });
      await mkdir(run.host, { recursive: true });
      try {
        await this.backend.start();
      } catch (error) {
        await this.backend.stop().catch(() => {});
        await rm(run.host, { recursive: true, force: true }).catch(() => {});
        if (error instanceof MachineError) throw error;
        throw new MachineError(
          "machine.start_failed",
          `the machine of agent ${this.agentId} did not start: ${errorText(error)}`,
        );
      }
      this.running = true;
      this.idle.touch();
    });
  }

  stop(): Promise<void> {
    return this.serialized(async () => {
      if (this.running) await this.halt();
    });
  }

  exec(options: ExecOptions): MachineProcess {
    if (!this.running) return failedProcess(this.notRunning());
    const request = { ...options, cwd: options.cwd ?? this.home };
    if (options.longLived) {
      this.idle.touch();
      return withSessionActivity(this.startProcess(request), () => this.idle.touch());
    }
    const ended = this.idle.begin();
    const child = this.startProcess(request);
    child.exit.then(ended, ended);
    return child;
  }

  /** The sandbox may have ended a moment before this machine heard of it. */
  private startProcess(request: ExecOptions & { cwd: string }): MachineProcess {
    try {
      return this.backend.exec(request);
    } catch (error) {
      const reason =
        error instanceof MachineError ? error : new MachineError("machine.exec_failed", errorText(error));
      return failedProcess(reason);
    }
  }

  async writeFile(pathInside: string, data: string | Buffer, mode = 0o600): Promise<void> {
    const inside = insidePathOf(this.backend.folders, pathInside);
    if (inside === null) {
      throw new MachineError(
        "machine.path_outside",
        `writeFile takes a path under ${this.home} or ${this.runtimeDir}, not ${pathInside}`,
      );
    }
    if (!this.running) throw this.notRunning();
    this.idle.touch();
    await this.backend.writeFile(inside, typeof data === "string" ? Buffer.from(data, "utf8") : data, mode);
  }

  /** Ends every process and clears run/; the home stays. */
  private async halt(): Promise<void> {
    this.running = false;
    this.idle.cancel();
    try {
      await this.backend.stop();
    } finally {
      const { run } = this.backend.folders;
      await rm(run.host, { recursive: true, force: true });
      await mkdir(run.host, { recursive: true });
    }
  }

  private serialized(step: () => Promise<void>): Promise<void> {
    const next = this.lifecycle.then(step);
    this.lifecycle = next.catch(() => {});
    return next;
  }

  private notRunning(): MachineError {
    return new MachineError(
      "machine.not_running",
      `the machine of agent ${this.agentId} is not running: call start() first`,
    );
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
