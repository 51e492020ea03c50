/** What the orchestrator starts the daemon with. */
export interface DaemonOptions {
  socketPath: string;
  /** Names this start of the machine: the hello of every connection carries it. */
  boot: string;
  /**
   * Set for a machine that outlives the process that started it: the daemon ignores its stdin and
   * stops the machine itself after this long with nothing in flight. Null: it lives until its stdin
   * (a pipe from the orchestrator) closes.
   */
  idleStopMs: number | null;
  /** The folder of background records whose commands end with the machine (unconfined, no pid namespace). */
  backgroundRecords: string | null;
  /** The home's .runs folder, whose logs the daemon keeps within their cap. */
  runsFolder: string | null;
}

export const DAEMON_USAGE =
  "usage: guilds-machine <socket path> <boot id> [--idle-stop-ms <ms>] [--background-records <folder>] [--runs-folder <folder>]";

export function parseDaemonArgs(argv: string[]): DaemonOptions {
  const [socketPath, boot, ...flags] = argv;
  if (!socketPath || !boot) throw new Error(DAEMON_USAGE);
  const options: DaemonOptions = {
    socketPath,
    boot,
    idleStopMs: null,
    backgroundRecords: null,
    runsFolder: null,
  };
  for (let index = 0; index < flags.length; index += 2) {
    const [flag, value] = [flags[index], flags[index + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value; ${DAEMON_USAGE}`);
    if (flag === "--idle-stop-ms") {
      const ms = Number(value);
      if (!Number.isInteger(ms) || ms <= 0) throw new Error(`--idle-stop-ms takes a positive integer`);
      options.idleStopMs = ms;
    } else if (flag === "--background-records") {
      options.backgroundRecords = value;
    } else if (flag === "--runs-folder") {
      options.runsFolder = value;
    } else {
      throw new Error(`unknown flag ${flag}; ${DAEMON_USAGE}`);
    }
  }
  return options;
}
