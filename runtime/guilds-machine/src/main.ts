import { chmodSync, mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { serveConnection } from "./serveConnection.ts";

/**
 * guilds-machine <socket path> <boot id>
 *
 * The first process of a local machine. It starts every process the orchestrator asks for, over a
 * unix socket in the runtime dir, and lives until its stdin (a pipe from the orchestrator) closes;
 * then the sandbox, and everything in it, ends.
 */
function main(argv: string[]): void {
  const [socketPath, boot] = argv;
  if (!socketPath || !boot) {
    process.stderr.write("usage: guilds-machine <socket path> <boot id>\n");
    process.exit(2);
  }
  mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  rmSync(socketPath, { force: true });
  const server = createServer((socket) => serveConnection(socket, boot));
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
  process.stdin.on("end", () => process.exit(0));
  process.stdin.on("error", () => process.exit(0));
  process.stdin.resume();
}

main(process.argv.slice(2));
