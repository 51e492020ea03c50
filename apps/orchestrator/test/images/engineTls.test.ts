// The engine reached as Docker's CLI reaches it: DOCKER_HOST from the environment given (never the
// process's), tcp with TLS (DOCKER_TLS_VERIFY, DOCKER_CERT_PATH) through a TLS endpoint that
// requires client certificates in front of the real engine's socket, and clear errors when a
// setting is wrong. GUILDS_TEST_DOCKER_SOCKET names the engine; unset, these tests are skipped.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connectEngine, describeEngineAddress, engineAddress } from "../../src/images/containerEngine.ts";
import { sandboxImageTag } from "../../src/images/sandboxImage.ts";
import { containerNameOf, serverIdOf } from "../../src/machines/docker/containerLabels.ts";
import { removeMachineContainer } from "../../src/machines/docker/containerRemoval.ts";
import { createDockerMachine } from "../../src/machines/docker/dockerMachine.ts";
import { engineFlavor } from "../../src/machines/docker/engineFlavor.ts";
import { recordingLogger, run, tempRoot, waitFor } from "../machines/machineFixture.ts";
import { type EngineCertificates, makeEngineCertificates } from "./engineCertificates.ts";
import { type EngineProxy, startEngineProxy } from "./engineProxy.ts";

const socket = process.env.GUILDS_TEST_DOCKER_SOCKET;
const skipReason =
  socket === undefined || socket === ""
    ? "GUILDS_TEST_DOCKER_SOCKET is not set (scripts/ci-engines.sh starts the engines and prints their sockets)"
    : undefined;
if (skipReason !== undefined) process.stderr.write(`engine TLS tests: skipped: ${skipReason}\n`);

/** What connectEngine threw, for the address this environment gives. */
async function failureOf(environment: NodeJS.ProcessEnv): Promise<Error & { code?: string }> {
  const failure = await connectEngine(engineAddress(environment)).then(
    () => new Error("the engine answered"),
    (caught: Error) => caught,
  );
  return failure;
}

describe("DOCKER_HOST read from the environment given", () => {
  test("malformed, it is engine.unreachable saying what is wrong and how to write it", async () => {
    const cases: [string, string][] = [
      ["tcp://", "it names no host"],
      ["tcp://127.0.0.1:port", 'its port "port" is not a number from 1 to 65535'],
      ["tcp://127.0.0.1:70000", 'its port "70000" is not a number'],
      ["tcp://127.0.0.1:2376/v1.41", "it has a path (/v1.41)"],
      ["ftp://127.0.0.1:2376", "ftp:// is not a scheme guilds knows"],
      ["ssh://user@host", "guilds does not reach engines over ssh; forward the engine's socket"],
      ["tcp://user@host:2376", "it is not host:port"],
    ];
    for (const [dockerHost, reason] of cases) {
      const failure = await failureOf({ DOCKER_HOST: dockerHost });
      expect(failure.code, dockerHost).toBe("engine.unreachable");
      expect(failure.message).toContain(`DOCKER_HOST=${dockerHost} is not an engine address: ${reason}`);
      expect(failure.message).toContain(
        "tcp://host:2376 (with DOCKER_TLS_VERIFY=1 and DOCKER_CERT_PATH for TLS)",
      );
    }
  });

  test("TLS is asked for as Docker's CLI does, with its default port and folder", () => {
    expect(engineAddress({ DOCKER_HOST: "tcp://h:1" })).toEqual({ dockerHost: "tcp://h:1" });
    expect(engineAddress({ DOCKER_HOST: "tcp://h:1", DOCKER_TLS_VERIFY: "1", HOME: "/home/u" })).toEqual({
      dockerHost: "tcp://h:1",
      tlsCertPath: "/home/u/.docker",
    });
    expect(engineAddress({ DOCKER_HOST: "h:1", DOCKER_CERT_PATH: "/certs" })).toEqual({
      dockerHost: "h:1",
      tlsCertPath: "/certs",
    });
    expect(engineAddress({ DOCKER_HOST: "https://h:1", DOCKER_CONFIG: "/config" })).toEqual({
      dockerHost: "https://h:1",
      tlsCertPath: "/config",
    });
    expect(engineAddress({ DOCKER_HOST: "unix:///s.sock", DOCKER_TLS_VERIFY: "1" })).toEqual({
      dockerHost: "unix:///s.sock",
    });
    expect(engineAddress({ DOCKER_HOST: "tcp://h:1", DOCKER_TLS_VERIFY: "0" })).toEqual({
      dockerHost: "tcp://h:1",
    });
    expect(engineAddress({ DOCKER_HOST: "tcp://h:1" }, "/given.sock")).toEqual({ socketPath: "/given.sock" });
    expect(describeEngineAddress({ dockerHost: "tcp://h:1", tlsCertPath: "/certs" })).toBe(
      "DOCKER_HOST=tcp://h:1 over TLS (certificates in /certs)",
    );
  });

  test.skipIf(skipReason !== undefined)(
    "the process's own DOCKER_HOST and DOCKER_CERT_PATH change nothing",
    async () => {
      const saved = { host: process.env.DOCKER_HOST, certs: process.env.DOCKER_CERT_PATH };
      process.env.DOCKER_HOST = "tcp://127.0.0.1:1";
      process.env.DOCKER_CERT_PATH = "/nonexistent/guilds-test-certs";
      try {
        for (const address of [
          { socketPath: socket as string },
          engineAddress({ DOCKER_HOST: `unix://${socket}` }),
        ]) {
          const docker = await connectEngine(address);
          expect(await docker.ping()).toBeTruthy();
        }
      } finally {
        restore("DOCKER_HOST", saved.host);
        restore("DOCKER_CERT_PATH", saved.certs);
      }
    },
  );
});

describe.skipIf(skipReason !== undefined)("an engine on tcp, with TLS and client certificates", () => {
  let certificates: EngineCertificates;
  let tlsProxy: EngineProxy;
  let plainProxy: EngineProxy;
  let dockerHost: string;
  const tlsEnvironment = (certPath: string) => ({
    DOCKER_HOST: dockerHost,
    DOCKER_TLS_VERIFY: "1",
    DOCKER_CERT_PATH: certPath,
  });

  beforeAll(async () => {
    certificates = makeEngineCertificates();
    tlsProxy = await startEngineProxy(socket as string, certificates.server);
    plainProxy = await startEngineProxy(socket as string);
    dockerHost = `tcp://127.0.0.1:${tlsProxy.port}`;
  });
  afterAll(async () => {
    await tlsProxy?.close();
    await plainProxy?.close();
    certificates?.remove();
  });

  test("with the client certificate it answers, and lists the engine's images", async () => {
    const docker = await connectEngine(engineAddress(tlsEnvironment(certificates.client)));
    expect(docker.modem).toMatchObject({ protocol: "https", host: "127.0.0.1", port: tlsProxy.port });
    const images = await docker.listImages();
    expect(images.flatMap((image) => image.RepoTags ?? [])).toContain(sandboxImageTag());
  });

  test("plain tcp without TLS settings answers too", async () => {
    const docker = await connectEngine(engineAddress({ DOCKER_HOST: `tcp://127.0.0.1:${plainProxy.port}` }));
    expect(docker.modem).toMatchObject({ protocol: "http", port: plainProxy.port });
    expect((await docker.version()).ApiVersion).toBeTruthy();
  });

  test("a client certificate the engine's CA did not sign is refused: engine.unreachable, saying so", async () => {
    const failure = await failureOf(tlsEnvironment(certificates.strangerClient));
    expect(failure.code).toBe("engine.unreachable");
    expect(failure.message).toContain(`No container engine answers on DOCKER_HOST=${dockerHost} over TLS`);
    expect(failure.message).toContain(
      `it did not accept the client certificate ${certificates.strangerClient}/cert.pem, which must be signed by the CA the engine trusts`,
    );
  });

  test("an engine certificate the client's ca.pem did not sign is refused: engine.unreachable, saying so", async () => {
    const failure = await failureOf(tlsEnvironment(certificates.distrustingClient));
    expect(failure.code).toBe("engine.unreachable");
    expect(failure.message).toContain(
      `the engine's certificate is not trusted (self-signed certificate in certificate chain): ${certificates.distrustingClient}/ca.pem must be the CA that signed it`,
    );
  });

  test("TLS without the TLS settings, or TLS where there is none: engine.unreachable saying which to change", async () => {
    const withoutTls = await failureOf({ DOCKER_HOST: dockerHost });
    expect(withoutTls.code).toBe("engine.unreachable");
    expect(withoutTls.message).toContain(
      "if the engine listens with TLS (dockerd --tlsverify), set DOCKER_TLS_VERIFY=1",
    );
    const tlsToPlain = await failureOf({
      ...tlsEnvironment(certificates.client),
      DOCKER_HOST: `tcp://127.0.0.1:${plainProxy.port}`,
    });
    expect(tlsToPlain.code).toBe("engine.unreachable");
    expect(tlsToPlain.message).toContain(
      "if the engine there does not speak TLS, unset DOCKER_TLS_VERIFY and DOCKER_CERT_PATH",
    );
  });

  test("a missing key.pem is engine.unreachable naming the file and where to put it", async () => {
    const failure = await failureOf(tlsEnvironment(certificates.keyless));
    expect(failure.code).toBe("engine.unreachable");
    expect(failure.message).toBe(
      `TLS to the engine at DOCKER_HOST=${dockerHost} needs the client certificate's private key in ${certificates.keyless}/key.pem, which is not there. Put ca.pem, cert.pem and key.pem there (the files \`docker --tlsverify\` uses), or point DOCKER_CERT_PATH at the folder that holds them.`,
    );
  });

  test("a key that is not the certificate's is engine.unreachable saying so", async () => {
    const mismatched = mkdtempSync(path.join(tmpdir(), "guilds-engine-tls-mismatch-"));
    try {
      for (const name of ["ca.pem", "cert.pem"])
        copyFileSync(path.join(certificates.client, name), path.join(mismatched, name));
      copyFileSync(path.join(certificates.strangerClient, "key.pem"), path.join(mismatched, "key.pem"));
      const failure = await failureOf(tlsEnvironment(mismatched));
      expect(failure.code).toBe("engine.unreachable");
      expect(failure.message).toContain(
        `The TLS files in ${mismatched} for the engine at DOCKER_HOST=${dockerHost} do not make a TLS client`,
      );
      expect(failure.message).toContain("key.pem the key of cert.pem");
    } finally {
      rmSync(mismatched, { recursive: true, force: true });
    }
  });

  test("a docker machine works through it: exec, and a long-lived exec with stdin over the hijacked stream", async () => {
    const docker = await connectEngine(engineAddress(tlsEnvironment(certificates.client)));
    const root = tempRoot();
    const agentId = `ag_tls${process.pid}${Math.floor(Math.random() * 1e6)}`;
    const serverId = serverIdOf(`test-tls-${process.pid}`);
    const machine = createDockerMachine({
      engine: { docker, flavor: await engineFlavor(docker) },
      agentId,
      root: root.root,
      serverId,
      logger: recordingLogger(),
    });
    const connectionsBefore = tlsProxy.accepted();
    try {
      await machine.start();
      expect(await run(machine, ["bash", "-c", "echo hi"])).toEqual({
        stdout: "hi\n",
        stderr: "",
        code: 0,
        signal: null,
      });

      const shell = machine.exec({
        argv: ["bash"],
        env: { ...machine.baseEnv },
        stdin: "pipe",
        longLived: true,
      });
      let out = "";
      shell.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      shell.stdin?.write("echo hi\n");
      expect(await waitFor(() => out === "hi\n", 10_000)).toBe(true);
      shell.stdin?.write("echo again from $(whoami)\n");
      expect(await waitFor(() => out === "hi\nagain from agent\n", 10_000)).toBe(true);
      shell.stdin?.end("exit 4\n");
      expect(await shell.exit).toEqual({ code: 4, signal: null });
      expect(tlsProxy.accepted()).toBeGreaterThan(connectionsBefore);
    } finally {
      await machine.stop().catch(() => {});
      await removeMachineContainer(docker, containerNameOf(serverId, agentId));
      root.remove();
    }
    expect(
      await docker
        .getContainer(containerNameOf(serverId, agentId))
        .inspect()
        .catch(() => "gone"),
    ).toBe("gone");
  });
});

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
