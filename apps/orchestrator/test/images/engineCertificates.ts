import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The folders of a TLS setup for an engine on 127.0.0.1, each laid out as DOCKER_CERT_PATH expects. */
export interface EngineCertificates {
  /** The server's files: ca.pem, server-cert.pem, server-key.pem. */
  server: string;
  /** The right client: ca.pem, cert.pem, key.pem. */
  client: string;
  /** A client whose certificate another CA signed (the server's CA still trusted). */
  strangerClient: string;
  /** The right client certificate, but trusting another CA than the one that signed the server's. */
  distrustingClient: string;
  /** ca.pem and cert.pem, no key.pem. */
  keyless: string;
  remove(): void;
}

/**
 * A CA, a server certificate for IP 127.0.0.1 and client certificates, made with openssl the way
 * Docker's "Protect the Docker daemon socket" guide makes them.
 */
export function makeEngineCertificates(): EngineCertificates {
  const root = mkdtempSync(path.join(tmpdir(), "guilds-engine-tls-"));
  const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: root, stdio: "pipe" });
  const file = (name: string) => path.join(root, name);
  const extensions = (name: string, lines: string[]) => {
    writeFileSync(file(name), `${lines.join("\n")}\n`);
    return file(name);
  };
  const makeCa = (name: string) => {
    openssl("genrsa", "-out", file(`${name}-key.pem`), "2048");
    openssl(
      "req",
      ...["-new", "-x509", "-days", "2", "-sha256", "-key", file(`${name}-key.pem`)],
      ...["-subj", `/CN=guilds test ${name}`, "-out", file(`${name}.pem`)],
    );
  };
  const sign = (name: string, ca: string, subject: string, extfile: string) => {
    openssl("genrsa", "-out", file(`${name}-key.pem`), "2048");
    openssl(
      "req",
      "-subj",
      subject,
      "-sha256",
      "-new",
      "-key",
      file(`${name}-key.pem`),
      "-out",
      file(`${name}.csr`),
    );
    openssl(
      "x509",
      ...["-req", "-days", "2", "-sha256", "-in", file(`${name}.csr`)],
      ...["-CA", file(`${ca}.pem`), "-CAkey", file(`${ca}-key.pem`), "-CAcreateserial"],
      ...["-out", file(`${name}-cert.pem`), "-extfile", extfile],
    );
  };
  makeCa("ca");
  makeCa("stranger-ca");
  sign(
    "server",
    "ca",
    "/CN=127.0.0.1",
    extensions("server.cnf", ["subjectAltName = IP:127.0.0.1", "extendedKeyUsage = serverAuth"]),
  );
  const clientExtensions = extensions("client.cnf", ["extendedKeyUsage = clientAuth"]);
  sign("client", "ca", "/CN=client", clientExtensions);
  sign("stranger", "stranger-ca", "/CN=client", clientExtensions);

  const folder = (name: string, files: Record<string, string>) => {
    const dir = file(name);
    mkdirSync(dir);
    for (const [target, source] of Object.entries(files)) copyFileSync(file(source), path.join(dir, target));
    return dir;
  };
  return {
    server: folder("server", {
      "ca.pem": "ca.pem",
      "server-cert.pem": "server-cert.pem",
      "server-key.pem": "server-key.pem",
    }),
    client: folder("client", {
      "ca.pem": "ca.pem",
      "cert.pem": "client-cert.pem",
      "key.pem": "client-key.pem",
    }),
    strangerClient: folder("stranger", {
      "ca.pem": "ca.pem",
      "cert.pem": "stranger-cert.pem",
      "key.pem": "stranger-key.pem",
    }),
    distrustingClient: folder("distrusting", {
      "ca.pem": "stranger-ca.pem",
      "cert.pem": "client-cert.pem",
      "key.pem": "client-key.pem",
    }),
    keyless: folder("keyless", { "ca.pem": "ca.pem", "cert.pem": "client-cert.pem" }),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
