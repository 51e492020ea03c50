import { GuildsError } from "@guilds/protocol/guildsError";
import Docker from "dockerode";

/** Where the engine listens when neither a socket nor DOCKER_HOST says otherwise. */
export const DEFAULT_ENGINE_SOCKET = "/var/run/docker.sock";

/** How long a ping may take before the engine counts as unreachable. */
const PING_TIMEOUT_MS = 5_000;

/** Where to reach the engine: a socket named here, else DOCKER_HOST (with its TLS settings), else the default socket. */
export type EngineAddress = { socketPath: string } | { dockerHost: string };

export function engineAddress(environment: NodeJS.ProcessEnv, socketPath?: string): EngineAddress {
  if (socketPath !== undefined && socketPath !== "") return { socketPath };
  const dockerHost = environment.DOCKER_HOST;
  if (dockerHost !== undefined && dockerHost !== "") return { dockerHost };
  return { socketPath: DEFAULT_ENGINE_SOCKET };
}

export function describeEngineAddress(address: EngineAddress): string {
  return "socketPath" in address ? `the socket ${address.socketPath}` : `DOCKER_HOST=${address.dockerHost}`;
}

/**
 * A client of the Docker Engine API (Docker, or Podman's Docker-compatible service). DOCKER_HOST is
 * read by docker-modem itself, with DOCKER_TLS_VERIFY and DOCKER_CERT_PATH for tcp.
 */
export function engineClient(address: EngineAddress): Docker {
  if ("socketPath" in address) return new Docker({ socketPath: address.socketPath });
  return new Docker();
}

/**
 * The engine's client once it answered a ping; else an engine.unreachable GuildsError saying what was
 * tried, what went wrong and how to point guilds at an engine.
 */
export async function connectEngine(address: EngineAddress): Promise<Docker> {
  const docker = engineClient(address);
  try {
    await withTimeout(docker.ping(), PING_TIMEOUT_MS);
    return docker;
  } catch (caught) {
    throw new GuildsError(
      "engine.unreachable",
      `No container engine answers on ${describeEngineAddress(address)}: ${reasonOf(caught)}. Start Docker (dockerd) or Podman's Docker API (\`podman system service --time=0 unix:///run/podman/podman.sock\`; scripts/ci-engines.sh starts both), then point guilds at it: --socket <path>, or DOCKER_HOST (unix:///path/to.sock, or tcp://host:2376 with DOCKER_TLS_VERIFY=1 and DOCKER_CERT_PATH).`,
    );
  }
}

function reasonOf(caught: unknown): string {
  const code = (caught as { code?: unknown }).code;
  if (code === "ENOENT") return "there is no such socket";
  if (code === "EACCES") return "permission denied (run as root or as a member of the engine's group)";
  if (code === "ECONNREFUSED") return "nothing listens there (connection refused)";
  if (caught instanceof PingTimeout) return `no answer within ${PING_TIMEOUT_MS / 1000} s`;
  return caught instanceof Error ? caught.message : String(caught);
}

class PingTimeout extends Error {}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PingTimeout()), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
