// The sandbox image on a real engine: built once (mmdebstrap, ~30-45 s), then one container of it
// with the settings the docker provider will use (uid 1000, read-only root, no capabilities, no
// network), probed over exec. The engine: GUILDS_TEST_DOCKER_SOCKET, else the default socket (Podman's
// Docker API works too); none answering skips the engine's tests with the reason printed
// (scripts/ci-engines.sh starts both engines).
import { readFileSync } from "node:fs";
import path from "node:path";
import { decodeBase64Json, encodeBase64Json } from "@guilds/protocol/base64Json";
import { Envelope } from "@guilds/protocol/envelope";
import { SANDBOX_HOME, SANDBOX_RUNTIME_DIR } from "@guilds/protocol/runtimePaths";
import type Docker from "dockerode";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connectEngine, DEFAULT_ENGINE_SOCKET } from "../../src/images/containerEngine.ts";
import {
  buildSandboxImage,
  IMAGE_LABELS,
  projectVersion,
  repositoryRoot,
  SANDBOX_IMAGE_NAME,
  sandboxImageTag,
} from "../../src/images/sandboxImage.ts";
import { type ExecResult, execIn, isPodman, serveSession } from "./engineExec.ts";

const socket = process.env.GUILDS_TEST_DOCKER_SOCKET || DEFAULT_ENGINE_SOCKET;
const engine = await connectEngine({ socketPath: socket }).then(
  (docker) => ({ docker, skipReason: undefined }),
  (caught: Error) => ({ docker: undefined, skipReason: caught.message }),
);
if (engine.skipReason !== undefined) {
  process.stderr.write(`sandbox image tests: skipped: ${engine.skipReason}\n`);
}

test("the image is guilds-sandbox tagged with the root package.json's version", () => {
  const root = JSON.parse(readFileSync(path.join(repositoryRoot(), "package.json"), "utf8")) as {
    version: string;
  };
  expect(projectVersion()).toBe(root.version);
  expect(sandboxImageTag()).toBe(`${SANDBOX_IMAGE_NAME}:${root.version}`);
});

test("an engine that does not answer is engine.unreachable, saying where it looked and how to point guilds at one", async () => {
  const failure = await connectEngine({ socketPath: "/nonexistent/guilds-test.sock" }).catch(
    (caught: unknown) => caught,
  );
  expect(failure).toMatchObject({ code: "engine.unreachable" });
  const message = (failure as Error).message;
  expect(message).toContain("the socket /nonexistent/guilds-test.sock: there is no such socket");
  expect(message).toContain("DOCKER_HOST");
  expect(message).toContain("--socket");
});

describe.skipIf(engine.docker === undefined)(`the sandbox image on the engine at ${socket}`, () => {
  const docker = engine.docker as Docker;
  const suffix = `${process.pid}-${Date.now().toString(36)}`;
  const tag = `${SANDBOX_IMAGE_NAME}-test:${suffix}`;
  const homeVolume = `guilds-test-home-${suffix}`;
  const runtimeVolume = `guilds-test-run-${suffix}`;
  const progress: string[] = [];
  let container: Docker.Container;
  let podman = false;

  const run = (command: string, options: { stdin?: string } = {}): Promise<ExecResult> =>
    execIn(docker, container, ["bash", "-c", command], options);

  beforeAll(async () => {
    podman = await isPodman(docker);
    await buildSandboxImage({ docker, tag, progress: (line) => progress.push(line) });
    await docker.createVolume({ Name: homeVolume });
    // Docker 20.10 cannot put an archive into a Tmpfs mount: /run/guilds is a tmpfs volume there.
    // Podman refuses size= on a tmpfs volume, and takes a plain Tmpfs mount (U: owned by the user).
    if (!podman) {
      await docker.createVolume({
        Name: runtimeVolume,
        Driver: "local",
        DriverOpts: { type: "tmpfs", device: "tmpfs", o: "size=16m,uid=1000,gid=1000,mode=0700" },
      });
    }
    container = await docker.createContainer({
      Image: tag,
      name: `guilds-test-${suffix}`,
      User: "1000:1000",
      Cmd: ["sleep", "infinity"],
      Env: [`GUILDS_RUNTIME_DIR=${SANDBOX_RUNTIME_DIR}`],
      Labels: { "org.guilds.test": "sandbox-image" },
      HostConfig: {
        ReadonlyRootfs: true,
        CapDrop: ["ALL"],
        SecurityOpt: ["no-new-privileges"],
        NetworkMode: "none",
        Init: true,
        PidsLimit: 256,
        Memory: 512 * 1024 * 1024,
        MemorySwap: 512 * 1024 * 1024,
        NanoCpus: 1_000_000_000,
        // Explicit, both: Podman otherwise asks for the host's nproc, above what its service may
        // give (EPERM at start). nproc counts every process of uid 1000 on the host: PidsLimit is
        // the container's bound, this only has to be high enough.
        Ulimits: [
          { Name: "nofile", Soft: 4096, Hard: 4096 },
          { Name: "nproc", Soft: 4096, Hard: 4096 },
        ],
        Tmpfs: {
          "/tmp": "rw,exec,nosuid,nodev,size=64m",
          ...(podman ? { [SANDBOX_RUNTIME_DIR]: "rw,nosuid,nodev,size=16m,mode=0700,U" } : {}),
        },
        Mounts: [
          { Type: "volume", Source: homeVolume, Target: SANDBOX_HOME },
          ...(podman
            ? []
            : [{ Type: "volume" as const, Source: runtimeVolume, Target: SANDBOX_RUNTIME_DIR }]),
        ],
      },
    });
    await container.start();
  }, 300_000);

  afterAll(async () => {
    await container?.remove({ force: true }).catch(() => {});
    for (const volume of [homeVolume, runtimeVolume]) {
      await docker
        .getVolume(volume)
        .remove()
        .catch(() => {});
    }
    await docker
      .getImage(tag)
      .remove({ force: true })
      .catch(() => {});
  }, 60_000);

  test("the build said what it did, and the image carries its version, helpers' digest, user and PATH", async () => {
    expect(progress.some((line) => line.startsWith("mmdebstrap: "))).toBe(true);
    expect(progress.at(-1)).toMatch(new RegExp(`^${tag} is sha256:[0-9a-f]{64} \\(\\d+ MiB\\), built in`));
    const image = await docker.getImage(tag).inspect();
    expect(image.Config.Labels).toMatchObject({
      [IMAGE_LABELS.kind]: "sandbox",
      [IMAGE_LABELS.version]: projectVersion(),
    });
    expect(image.Config.Labels?.[IMAGE_LABELS.helpers]).toMatch(/^[0-9a-f]{64}$/);
    expect(image.Config.User).toBe("1000:1000");
    expect(image.Config.Env).toContain("PATH=/opt/guilds/bin:/usr/local/bin:/usr/bin:/bin");
  });

  test("bash, git, rg, node 20 and python3 answer, as uid 1000", async () => {
    const answer = await run(
      'id -u; id -g; echo "$BASH_VERSION"; git --version; rg --version | sed -n 1p; node --version; python3 --version; ps -o comm= -p 1',
    );
    expect(answer.stderr).toBe("");
    expect(answer.exitCode).toBe(0);
    const [uid, gid, bash, git, rg, node, python, init] = answer.stdout.trim().split("\n");
    expect([uid, gid]).toEqual(["1000", "1000"]);
    expect(bash).toMatch(/^5\./);
    expect(git).toMatch(/^git version 2\./);
    expect(rg).toMatch(/^ripgrep \d+\./);
    expect(node).toMatch(/^v20\./);
    expect(python).toMatch(/^Python 3\./);
    // Init: true, so a stop ends the container at once rather than after its whole timeout.
    expect(init).toMatch(/^(docker-init|podman-init|catatonit|tini)/);
  });

  test("the root is read-only; the home, /tmp and /run/guilds are the agent's to write", async () => {
    const answer = await run(
      [
        "touch /usr/guilds-test 2>/dev/null && echo root-writable || echo root-read-only",
        `touch ${SANDBOX_HOME}/file && echo home-ok`,
        "printf '#!/bin/sh\\necho tmp-exec-ok\\n' > /tmp/x.sh && chmod +x /tmp/x.sh && /tmp/x.sh",
        `touch ${SANDBOX_RUNTIME_DIR}/file && echo run-ok`,
        `stat -c '%u %a' ${SANDBOX_HOME} ${SANDBOX_RUNTIME_DIR}`,
        "grep ^CapEff /proc/self/status",
      ].join("; "),
    );
    expect(answer.exitCode).toBe(0);
    expect(answer.stdout.trim().split("\n")).toEqual([
      "root-read-only",
      "home-ok",
      "tmp-exec-ok",
      "run-ok",
      "1000 700",
      "1000 700",
      "CapEff:\t0000000000000000",
    ]);
  });

  test("guilds-code serve answers a ping and runs a shell call over one exec attach stream", async () => {
    const request = (op: string, args: unknown, callId: string) =>
      encodeBase64Json({ op, args, run_id: "r1", agent_id: "a1", call_id: callId, cwd: "", max_bytes: 8192 });
    const session = await serveSession(docker, container, ["guilds-code", "serve"]);
    try {
      const pong = Envelope.parse(decodeBase64Json(await session.call("p1", request("ping", {}, "c1"))));
      expect(pong).toEqual({ ok: true, text: "pong", meta: {} });
      const shell = Envelope.parse(
        decodeBase64Json(
          await session.call("s1", request("shell", { command: "echo hello from $(id -u) in $PWD" }, "c2")),
        ),
      );
      expect(shell).toMatchObject({ ok: true, meta: { exit_code: 0, cwd: SANDBOX_HOME } });
      expect(shell.ok && shell.text).toContain(`hello from 1000 in ${SANDBOX_HOME}`);
    } finally {
      await session.close();
    }
  });

  test("guilds-harness and guilds-machine are on PATH, under /opt/guilds/bin, and run", async () => {
    const where = await run("command -v guilds-code guilds-harness guilds-machine node");
    expect(where.stdout.trim().split("\n")).toEqual([
      "/opt/guilds/bin/guilds-code",
      "/opt/guilds/bin/guilds-harness",
      "/opt/guilds/bin/guilds-machine",
      "/opt/guilds/bin/node",
    ]);
    const harness = await run(
      `guilds-harness ${encodeBase64Json({ op: "no_such_op", args: {}, run_id: "r1", agent_id: "a1", call_id: "c1", cwd: "", max_bytes: 8192 })}`,
    );
    expect(Envelope.parse(decodeBase64Json(harness.stdout))).toMatchObject({
      ok: false,
      error: { code: "op.unknown" },
    });
    const machine = await run("guilds-machine");
    expect(machine.exitCode).toBe(2);
    expect(machine.stderr).toMatch(/^guilds-machine: /);
  });
});
