import type { ExecOptions, MachineProcess } from "../machine.ts";
import type { MachineLayout } from "./machineLayout.ts";

/**
 * What differs between the kinds of machine: under bubblewrap or on the host, tied to this process or
 * not, or a container of an engine.
 */
export interface MachineBackend extends MachineLayout {
  /** The provider's name (Machine.provider): "local" or "docker". */
  readonly provider: string;
  /**
   * The machine enforces its idle stop itself (it outlives this process, and other processes use it
   * too); otherwise this process does.
   */
  readonly stopsItselfWhenIdle: boolean;
  /**
   * Brings the machine's processes up with run/ new and empty, or, for a machine that outlives this
   * process, adopts the one still running on this root with its run/ as it is. The home exists.
   */
  start(): Promise<void>;
  /**
   * The part of the next start that needs nothing in the home (run/, the cgroup, the sandbox's
   * command line), run while the home's disk image mounts; start() then does the rest. Without it,
   * the image is mounted before start() is called.
   */
  prepareBesideHome?(): Promise<void>;
  /** Ends every process of the machine, background commands included, waits for them, and empties run/. */
  stop(): Promise<void>;
  /** False once the machine's processes are known to be gone (started, and not ended since). */
  alive(): boolean;
  /** Only while started; `cwd` is already a path inside. */
  exec(options: ExecOptions & { cwd: string }): MachineProcess;
  /** `pathInside` has been checked to be under the home or the runtime dir. */
  writeFile(pathInside: string, data: Buffer, mode: number): Promise<void>;
  /** Work is in flight here (true) or no longer (false): a machine that stops itself must wait. */
  setHeld(held: boolean): void;
  /**
   * The host folder that is the runtime dir inside, while it runs (Machine.sessionSocketFolder);
   * absent: folders.run.host, which a local machine's runtime dir is.
   */
  sessionSocketFolder?(): string | null;
  /** Called when the machine's processes end without stop() (the sandbox died). */
  onUnexpectedEnd(listener: (reason: string) => void): void;
}
