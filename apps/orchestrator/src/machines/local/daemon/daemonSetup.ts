import type { MachineLayout } from "../../lifecycle/machineLayout.ts";

/** How the daemon of a machine is run: the argv, where it starts, and how its end is found. */
export interface DaemonCommand {
  argv: string[];
  /** Its working directory on this host; default this process's. */
  cwd?: string;
  /** bwrap reports the sandbox's pid 1 on fd 3 (INFO_FD): that pid, not bwrap's, is the machine's. */
  reportsInitPid: boolean;
  /** bwrap's seccomp filter, sent on SECCOMP_FD (the argv says --seccomp); none for an unconfined machine. */
  seccompFilter?: Buffer | null;
}

/**
 * One kind of daemon-run local machine (under bubblewrap, or straight on the host): what it sees,
 * how its daemon (guilds-machine) is started, and how a machine started before is ended.
 */
export interface DaemonSetup extends MachineLayout {
  readonly mode: "bwrap" | "unconfined";
  /** The daemon's folder on this host: its socket, and a bwrap machine's passwd and group files. */
  readonly daemonFolder: string;
  /** The background records of the machine's agent, as its processes see them. */
  readonly backgroundRecordsInside: string;
  /**
   * Readies a new machine's folders (run/ is there and empty) and its cgroup; as root, hands them to
   * the sandbox user. It touches nothing in the home: it may run while the home's image mounts.
   */
  prepare(): Promise<void>;
  /** Once the home is there (its image mounted): as root, hands it to the sandbox user. */
  claimHome(): Promise<void>;
  /**
   * The command that runs the daemon with its socket, `boot` and `daemonFlags`. A persistent
   * machine is not tied to this process: it lives on when this process ends.
   */
  command(boot: string, daemonFlags: string[], persistent: boolean): Promise<DaemonCommand>;
  /** Once the daemon listens: as root, its folder goes back to root, so its socket stays its own. */
  secure(): Promise<void>;
  /** Once the machine has ended (or did not start): its cgroup goes, with anything left in it. */
  release(): Promise<void>;
}
