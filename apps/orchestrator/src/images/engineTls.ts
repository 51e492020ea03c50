import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { createSecureContext } from "node:tls";
import { GuildsError } from "@guilds/protocol/guildsError";

/** The client's side of TLS to the engine: the CA that signed the engine's certificate, and our certificate and key. */
export interface EngineTlsFiles {
  ca: Buffer;
  cert: Buffer;
  key: Buffer;
}

/** What each file of DOCKER_CERT_PATH is, for messages. */
const FILES = {
  ca: ["ca.pem", "the CA certificate that signed the engine's certificate"],
  cert: ["cert.pem", "the client certificate the engine trusts"],
  key: ["key.pem", "the client certificate's private key"],
} as const;

/**
 * Whether the environment asks for TLS to a tcp DOCKER_HOST, as Docker's CLI reads it:
 * DOCKER_TLS_VERIFY set (to anything but 0), or a DOCKER_CERT_PATH.
 */
export function tlsRequested(environment: NodeJS.ProcessEnv): boolean {
  const verify = environment.DOCKER_TLS_VERIFY;
  const certPath = environment.DOCKER_CERT_PATH;
  return (
    (verify !== undefined && verify !== "" && verify !== "0") || (certPath !== undefined && certPath !== "")
  );
}

/** Where the TLS files are: DOCKER_CERT_PATH, else Docker's configuration folder (DOCKER_CONFIG, else ~/.docker). */
export function dockerCertPath(environment: NodeJS.ProcessEnv): string {
  if (environment.DOCKER_CERT_PATH) return environment.DOCKER_CERT_PATH;
  if (environment.DOCKER_CONFIG) return environment.DOCKER_CONFIG;
  return path.join(environment.HOME || homedir(), ".docker");
}

/**
 * ca.pem, cert.pem and key.pem of the folder, checked to make a TLS client (the key matches the
 * certificate); else engine.unreachable naming the file and what to put there.
 */
export function readEngineTls(certPath: string, engine: string): EngineTlsFiles {
  const read = (which: keyof typeof FILES): Buffer => {
    const [name, what] = FILES[which];
    const file = path.join(certPath, name);
    try {
      return readFileSync(file);
    } catch (caught) {
      const code = (caught as { code?: unknown }).code;
      const problem =
        code === "ENOENT"
          ? "is not there"
          : code === "EACCES"
            ? "cannot be read (permission denied)"
            : `cannot be read (${String(code)})`;
      throw new GuildsError(
        "engine.unreachable",
        `TLS to the engine at ${engine} needs ${what} in ${file}, which ${problem}. Put ca.pem, cert.pem and key.pem there (the files \`docker --tlsverify\` uses), or point DOCKER_CERT_PATH at the folder that holds them.`,
      );
    }
  };
  const files = { ca: read("ca"), cert: read("cert"), key: read("key") };
  try {
    createSecureContext(files);
  } catch (caught) {
    const reason = caught instanceof Error ? caught.message : String(caught);
    throw new GuildsError(
      "engine.unreachable",
      `The TLS files in ${certPath} for the engine at ${engine} do not make a TLS client (${reason}): ca.pem, cert.pem and key.pem must be PEM, and key.pem the key of cert.pem.`,
    );
  }
  return files;
}
