import { randomBytes } from "node:crypto";
import path from "node:path";
import { callEnvironmentText } from "@guilds/protocol/callEnvironmentFile";
import type { HelperRequest } from "@guilds/protocol/helperRequest";
import { callEnvironmentFileName } from "@guilds/protocol/runtimePaths";
import type { Machine } from "../machines/machine.ts";
import { callEnvironment } from "./callEnvironment.ts";

/**
 * The request as a one-shot helper gets it on its command line, which any user of the host can
 * read (/proc/<pid>/cmdline): its env and repo_tokens (the agent's secrets, the repositories'
 * tokens) go to a 0600 file under /run/guilds, written through the machine's file API, that the
 * request names and the helper reads and deletes. A helper that never starts leaves the file
 * behind, gone with the machine: it holds nothing the machine does not give every command anyway.
 * A request whose env is only the machine's port block (PORT, GUILDS_PORTS: no secret, no token)
 * keeps it inline: the file would cost every call a write through the machine and a read.
 */
export async function withEnvironmentFile(machine: Machine, request: HelperRequest): Promise<HelperRequest> {
  if (Object.keys(request.repo_tokens).length === 0 && isPortBlockOnly(machine, request.env)) return request;
  const nonce = randomBytes(6).toString("hex");
  const file = path.posix.join(
    machine.runtimeDir,
    callEnvironmentFileName(request.run_id, request.call_id, nonce),
  );
  await machine.writeFile(file, callEnvironmentText(request), 0o600);
  return { ...request, env: {}, repo_tokens: {}, env_file: file };
}

/** Whether env holds nothing but the machine's own port variables, each with the machine's value. */
function isPortBlockOnly(machine: Machine, env: Readonly<Record<string, string>>): boolean {
  const ports = callEnvironment({}, machine.ports);
  return Object.keys(env).every((name) => Object.hasOwn(ports, name) && env[name] === ports[name]);
}
