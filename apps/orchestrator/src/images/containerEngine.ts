import { homedir } from "node:os";
import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import Docker from "dockerode";
import { parseDockerHost } from "./dockerHost.ts";
import { engineFailureReason } from "./engineFailureReason.ts";
import { dockerCertPath, readEngineTls, tlsRequested } from "./engineTls.ts";

/** Where the engine listens when neither a socket nor DOCKER_HOST says otherwise. */
export const DEFAULT_ENGINE_SOCKET = "/var/run/docker.sock";

/** How long a ping may take before the engine counts as unreachable. */
const PING_TIMEOUT_MS = 5_000;

/**
 * Where to reach the engine: a socket named here, else DOCKER_HOST, else the default socket. A tcp
 * DOCKER_HOST is reached over TLS when `tlsCertPath` is set: the folder of ca.pem, cert.pem, key.pem.
 */
export type EngineAddress = { socketPath: string } | { dockerHost: string; tlsCertPath?: string };

/**
 * The engine's address from this environment (not necessarily the process's): DOCKER_HOST with TLS
 * when DOCKER_TLS_VERIFY or DOCKER_CERT_PATH is set or the scheme is https, as Docker's CLI does.
 */
export function engineAddress(environment: NodeJS.ProcessEnv, socketPath?: string): EngineAddress {
  if (socketPath !== undefined && socketPath !== "") return { socketPath };
  const dockerHost = environment.DOCKER_HOST;
  if (dockerHost === undefined || dockerHost === "") return { socketPath: DEFAULT_ENGINE_SOCKET };
  if (isUnixHost(dockerHost) || !(tlsRequested(environment) || isHttpsHost(dockerHost)))
    return { dockerHost };
  return { dockerHost, tlsCertPath: dockerCertPath(environment) };
}

export function describeEngineAddress(address: EngineAddress): string {
  if ("socketPath" in address) return `the socket ${address.socketPath}`;
  const tls = tlsCertPathOf(address);
  return tls === undefined
    ? `DOCKER_HOST=${address.dockerHost}`
    : `DOCKER_HOST=${address.dockerHost} over TLS (certificates in ${tls})`;
}

/**
 * A client of the Docker Engine API (Docker, or Podman's Docker-compatible service) on that
 * address and nothing else; engine.unreachable when DOCKER_HOST is malformed or a TLS file is
 * missing or unusable.
 */
export function engineClient(address: EngineAddress): Docker {
  if ("socketPath" in address) return clientOf({ socketPath: address.socketPath, protocol: "http" });
  const tlsCertPath = tlsCertPathOf(address);
  const endpoint = parseDockerHost(address.dockerHost, tlsCertPath !== undefined, DEFAULT_ENGINE_SOCKET);
  if ("socketPath" in endpoint) return clientOf({ socketPath: endpoint.socketPath, protocol: "http" });
  const { hostname: host, port } = endpoint;
  if (tlsCertPath === undefined) return clientOf({ host, port, protocol: "http" });
  const files = readEngineTls(tlsCertPath, `DOCKER_HOST=${address.dockerHost}`);
  return clientOf({ host, port, protocol: "https", ...files });
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
    const reason =
      caught instanceof PingTimeout
        ? `no answer within ${PING_TIMEOUT_MS / 1000} s`
        : engineFailureReason(caught, tlsCertPathOf(address));
    throw new GuildsError(
      "engine.unreachable",
      `No container engine answers on ${describeEngineAddress(address)}: ${reason}. Start Docker (dockerd) or Podman's Docker API (\`podman system service --time=0 unix:///run/podman/podman.sock\`; scripts/ci-engines.sh starts both), then point guilds at it: --socket <path>, or DOCKER_HOST (unix:///path/to.sock, or tcp://host:2376 with DOCKER_TLS_VERIFY=1 and DOCKER_CERT_PATH).`,
    );
  }
}

/** The TLS folder of a tcp address: its own, or ~/.docker for an https:// one that named none. */
function tlsCertPathOf(address: EngineAddress): string | undefined {
  if ("socketPath" in address || isUnixHost(address.dockerHost)) return undefined;
  if (address.tlsCertPath !== undefined) return address.tlsCertPath;
  return isHttpsHost(address.dockerHost) ? path.join(homedir(), ".docker") : undefined;
}

const isUnixHost = (dockerHost: string) => /^unix:\/\//i.test(dockerHost);
const isHttpsHost = (dockerHost: string) => /^https:\/\//i.test(dockerHost);

/**
 * docker-modem's constructor reads the process's DOCKER_HOST (and the files of its
 * DOCKER_CERT_PATH) whatever it is given, and lets that host win over a socket: it is hidden for
 * that moment, so the client is made from the given address alone.
 */
function clientOf(options: Docker.DockerOptions): Docker {
  const processHost = process.env.DOCKER_HOST;
  delete process.env.DOCKER_HOST;
  try {
    return new Docker(options);
  } finally {
    if (processHost !== undefined) process.env.DOCKER_HOST = processHost;
  }
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
