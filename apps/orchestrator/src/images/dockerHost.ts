import { GuildsError } from "@guilds/protocol/guildsError";

/** Where DOCKER_HOST points: a Unix socket, or a host and port over TCP. */
export type EngineEndpoint =
  | { socketPath: string }
  | { scheme: "tcp" | "http" | "https"; hostname: string; port: number };

/** The ports Docker's CLI assumes when DOCKER_HOST names none. */
const DEFAULT_PORT = 2375;
const DEFAULT_TLS_PORT = 2376;

const EXAMPLES =
  "unix:///var/run/docker.sock, or tcp://host:2376 (with DOCKER_TLS_VERIFY=1 and DOCKER_CERT_PATH for TLS)";

/**
 * DOCKER_HOST read as Docker's CLI reads it: `unix:///path` (an empty path is `defaultSocket`),
 * `tcp://host[:port]` or a bare `host:port`, and `http://` / `https://` alike; the port defaults to
 * 2376 with TLS, else 2375. Anything else is engine.unreachable saying what is wrong with it.
 */
export function parseDockerHost(value: string, tls: boolean, defaultSocket: string): EngineEndpoint {
  const separator = value.indexOf("://");
  const scheme = separator < 0 ? "tcp" : value.slice(0, separator).toLowerCase();
  const rest = separator < 0 ? value : value.slice(separator + 3);
  if (scheme === "unix") return { socketPath: rest === "" ? defaultSocket : rest };
  if (scheme === "ssh")
    throw malformed(
      value,
      "guilds does not reach engines over ssh; forward the engine's socket instead (`ssh -NL /tmp/engine.sock:/var/run/docker.sock host`) and set DOCKER_HOST=unix:///tmp/engine.sock",
    );
  if (scheme !== "tcp" && scheme !== "http" && scheme !== "https")
    throw malformed(value, `${scheme}:// is not a scheme guilds knows`);
  const parts = /^(?<hostname>\[[^\]]*\]|[^:/[\]@]*)(?::(?<port>[^/]*))?(?<path>\/.*)?$/.exec(rest)?.groups;
  if (parts === undefined) throw malformed(value, "it is not host:port");
  const hostname = (parts.hostname ?? "").replace(/^\[(.*)\]$/, "$1");
  if (hostname === "") throw malformed(value, "it names no host");
  if (parts.path !== undefined && parts.path !== "/")
    throw malformed(value, `it has a path (${parts.path}); the engine's API is reached at the root`);
  const port =
    parts.port === undefined || parts.port === ""
      ? tls
        ? DEFAULT_TLS_PORT
        : DEFAULT_PORT
      : portOf(parts.port, value);
  return { scheme, hostname, port };
}

function portOf(text: string, value: string): number {
  const port = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 1 && port <= 65535))
    throw malformed(value, `its port ${JSON.stringify(text)} is not a number from 1 to 65535`);
  return port;
}

function malformed(value: string, reason: string): GuildsError {
  return new GuildsError(
    "engine.unreachable",
    `DOCKER_HOST=${value} is not an engine address: ${reason}. Set it like ${EXAMPLES}, or unset it for the default socket.`,
  );
}
