import type { ExecOptions, MachineProcess } from "../machine.ts";
import type { MachineFolders } from "./machinePaths.ts";

/** What differs between running a machine under bubblewrap and straight on the host. */
export interface SandboxBackend {
  readonly mode: "bwrap" | "unconfined";
  readonly folders: MachineFolders;
  /** Where the helpers, node and rg are, as seen inside: first on PATH. */
  readonly binDir: string;
  helperCommand(name: string): string[];
  /** Brings the machine's processes up; its folders exist already. */
  start(): Promise<void>;
  /** Ends every process of the machine, background commands included, and waits for them. */
  stop(): Promise<void>;
  /** Only while started; `cwd` is already a path inside. */
  exec(options: ExecOptions & { cwd: string }): MachineProcess;
  /** `pathInside` has been checked to be under the home or the runtime dir. */
  writeFile(pathInside: string, data: Buffer, mode: number): Promise<void>;
  /** Called when the machine's processes end without stop() (the sandbox died). */
  onUnexpectedEnd(listener: (reason: string) => void): void;
}
