// Exec into a container over the engine's API, as the docker provider's transport will: the attach
// stream hijacked, demultiplexed into stdout and stderr, stdin half-closed, the exit code inspected.
import type { Duplex } from "node:stream";
import { PassThrough } from "node:stream";
import type Docker from "dockerode";

export interface ExecResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
}

/** Runs `cmd` in the container to its end; `stdin`, when given, is written then closed. */
export async function execIn(
  docker: Docker,
  container: Docker.Container,
  cmd: string[],
  options: { stdin?: string } = {},
): Promise<ExecResult> {
  const exec = await container.exec({
    Cmd: cmd,
    AttachStdin: options.stdin !== undefined,
    AttachStdout: true,
    AttachStderr: true,
  });
  const stream = (await exec.start({ hijack: true, stdin: options.stdin !== undefined })) as Duplex;
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  const out = new PassThrough().on("data", (chunk: Buffer) => stdout.push(chunk));
  const err = new PassThrough().on("data", (chunk: Buffer) => stderr.push(chunk));
  docker.modem.demuxStream(stream, out, err);
  const ended = new Promise<void>((resolve, reject) => {
    stream.once("end", resolve);
    stream.once("close", resolve);
    stream.once("error", reject);
  });
  if (options.stdin !== undefined) stream.end(options.stdin);
  await ended;
  const inspected = await exec.inspect();
  return {
    stdout: Buffer.concat(stdout).toString("utf8"),
    stderr: Buffer.concat(stderr).toString("utf8"),
    exitCode: inspected.ExitCode,
  };
}

/** A long-lived helper (`guilds-code serve`) over one exec attach stream: "<id> <base64>" lines. */
export interface ServeSession {
  /** Writes "<id> <request>" and resolves with the base64 answer of that id. */
  call(id: string, request: string): Promise<string>;
  /** Half-closes stdin (the helper then exits) and waits for the stream's end. */
  close(): Promise<void>;
}

export async function serveSession(
  docker: Docker,
  container: Docker.Container,
  cmd: string[],
): Promise<ServeSession> {
  const exec = await container.exec({ Cmd: cmd, AttachStdin: true, AttachStdout: true, AttachStderr: true });
  const stream = (await exec.start({ hijack: true, stdin: true })) as Duplex;
  const waiting = new Map<string, (answer: string) => void>();
  let pending = "";
  const out = new PassThrough().on("data", (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    for (let newline = pending.indexOf("\n"); newline >= 0; newline = pending.indexOf("\n")) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      const space = line.indexOf(" ");
      waiting.get(line.slice(0, space))?.(line.slice(space + 1));
    }
  });
  const stderr: string[] = [];
  const err = new PassThrough().on("data", (chunk: Buffer) => stderr.push(chunk.toString("utf8")));
  docker.modem.demuxStream(stream, out, err);
  const ended = new Promise<void>((resolve) => {
    stream.once("end", resolve);
    stream.once("close", resolve);
    stream.once("error", () => resolve());
  });
  return {
    call(id, request) {
      return new Promise((resolve, reject) => {
        waiting.set(id, resolve);
        ended.then(() => reject(new Error(`the helper ended before answering ${id}: ${stderr.join("")}`)));
        stream.write(`${id} ${request}\n`);
      });
    },
    async close() {
      stream.end();
      await ended;
    },
  };
}

/** Podman's Docker-compatible API names itself in its version's components. */
export async function isPodman(docker: Docker): Promise<boolean> {
  const version = await docker.version();
  return (version.Components ?? []).some((component) => /podman/i.test(component.Name));
}
