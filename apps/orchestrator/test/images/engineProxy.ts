import { readFileSync } from "node:fs";
import { connect, createServer as createTcpServer, type Server, type Socket } from "node:net";
import path from "node:path";
import { createServer as createTlsServer } from "node:tls";

export interface EngineProxy {
  port: number;
  /** How many connections it piped to the engine. */
  accepted(): number;
  close(): Promise<void>;
}

/**
 * A TCP endpoint on 127.0.0.1 in front of an engine's Unix socket, piping each connection to it.
 * With `serverCertificates` (ca.pem, server-cert.pem, server-key.pem) it is TLS as dockerd
 * --tlsverify is: a client certificate signed by that CA is required.
 */
export async function startEngineProxy(
  socketPath: string,
  serverCertificates?: string,
): Promise<EngineProxy> {
  const open = new Set<Socket>();
  let accepted = 0;
  const forward = (client: Socket) => {
    accepted += 1;
    const engine = connect(socketPath);
    for (const socket of [client, engine]) {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
      socket.on("error", () => {
        client.destroy();
        engine.destroy();
      });
    }
    client.pipe(engine).pipe(client);
  };
  let server: Server;
  if (serverCertificates === undefined) server = createTcpServer(forward);
  else {
    const read = (name: string) => readFileSync(path.join(serverCertificates, name));
    const options = { ca: read("ca.pem"), cert: read("server-cert.pem"), key: read("server-key.pem") };
    server = createTlsServer({ ...options, requestCert: true, rejectUnauthorized: true }, forward);
    server.on("tlsClientError", () => {});
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the proxy has no port");
  return {
    port: address.port,
    accepted: () => accepted,
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
