import { chmodSync, mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { backgroundGroups } from "@guilds/runtime/backgroundGroups";
import { endGroups, STARTED_PROCESS_GRACE_MS } from "@guilds/runtime/processGroupStop";
import { groupsWithDescendants } from "@guilds/runtime/processTree";
import { parseDaemonArgs } from "./daemonOptions.ts";
import { IdleClock } from "./idleClock.ts";
import { startLogCapSweep } from "./logCapSweep.ts";
import { serveConnection } from "./serveConnection.ts";

/**
 * guilds-machine <socket path> <boot id> [--idle-stop-ms <ms>] [--background-records <folder>]
 *   [--runs-folder <folder>]
 *
 * The first process of a local machine. It starts every process the orchestrator asks for, over a
 * unix socket in the runtime dir. It lives until its stdin (a pipe from the orchestrator) closes, or,
 * with --idle-stop-ms, until it has been idle that long; then the machine, and everything in it, ends.
 */
function main(argv: string[]): void {
  let options: ReturnType<typeof parseDaemonArgs>;
  try {
    options = parseDaemonArgs(argv);
  } catch (error) {
    process.stderr.write(`guilds-machine: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
  const { socketPath, boot, idleStopMs, backgroundRecords, runsFolder } = options;
  // What the machine's processes create is their user's alone (bwrap 0.8 has no --umask).
  process.umask(0o077);
  mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  rmSync(socketPath, { force: true });
  /** The process groups started here that still run. */
  const groups = new Set<number>();
  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`guilds-machine: ${reason}: stopping the machine\n`);
    server.close();
    const background = backgroundRecords ? backgroundGroups(backgroundRecords) : [];
    // A helper's foreground command (a group of its own, its child) ends with it: its helper stops
    // it when asked to, and is left the time to; what is left after that gets KILL.
    const started = groupsWithDescendants(groups);
    endGroups([...started, ...background], STARTED_PROCESS_GRACE_MS).finally(() => process.exit(0));
  };
  if (runsFolder !== null) startLogCapSweep(runsFolder);
  const activity = new IdleClock(idleStopMs, () => stop(`idle for ${idleStopMs} ms`));
  const server = createServer((socket) => serveConnection(socket, { boot, activity, groups }));
  server.on("error", (error) => {
    process.stderr.write(`guilds-machine: ${error.message}\n`);
    process.exit(1);
  });
  server.listen(socketPath, () => {
    chmodSync(socketPath, 0o600);
    process.stdout.write("ready\n");
  });
  // One connection's fault must not end the machine and every background command with it.
  process.on("uncaughtException", (error) =>
    process.stderr.write(`guilds-machine: ${error.stack ?? error}\n`),
  );
  process.on("SIGTERM", () => stop("asked to stop"));
  if (idleStopMs === null) {
    process.stdin.on("end", () => process.exit(0));
    process.stdin.on("error", () => process.exit(0));
    process.stdin.resume();
  }
}

main(process.argv.slice(2));
