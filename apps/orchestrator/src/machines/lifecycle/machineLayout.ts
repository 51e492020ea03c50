import type { MachineFolders } from "./machinePaths.ts";

/**
 * What one kind of machine looks like inside (under bubblewrap, on this host, or in a container),
 * shared by a local machine's daemon setup and the backend that runs it.
 */
export interface MachineLayout {
  readonly mode: "bwrap" | "unconfined" | "container";
  readonly folders: MachineFolders;
  /** Where the helpers, node and rg are, as seen inside: first on PATH. */
  readonly binDir: string;
  /** PATH as seen inside (machineSearchPath). */
  readonly searchPath: string;
  /** Variables every process of the machine gets (GUILDS_CGROUP: where its cgroup is). */
  readonly machineVariables: Readonly<Record<string, string>>;
  /** The argv prefix that runs a helper by name ("guilds-code", "guilds-harness"). */
  helperCommand(name: string): string[];
}

/** Only the layout of a bigger value (a daemon setup), for a backend to present as its own. */
export function layoutOf(layout: MachineLayout): MachineLayout {
  const { mode, folders, binDir, searchPath, machineVariables } = layout;
  return {
    mode,
    folders,
    binDir,
    searchPath,
    machineVariables,
    helperCommand: (name) => layout.helperCommand(name),
  };
}
