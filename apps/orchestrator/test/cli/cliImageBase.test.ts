// guilds image build --base on a real engine: GUILDS_TEST_DOCKER_SOCKET, else GUILDS_TEST_PODMAN_SOCKET
// (neither: skipped, saying why). The base is this host's bash and node (test/images/hostRootfsImage.ts).
import type Docker from "dockerode";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sandboxTagForBase } from "../../src/images/baseImageBuild.ts";
import { connectEngine, DEFAULT_ENGINE_SOCKET } from "../../src/images/containerEngine.ts";
import { IMAGE_LABELS } from "../../src/images/sandboxImage.ts";
import { importHostRootfsImage } from "../images/hostRootfsImage.ts";
import { runCli } from "./runCli.ts";

const socket = process.env.GUILDS_TEST_DOCKER_SOCKET || process.env.GUILDS_TEST_PODMAN_SOCKET;
if (!socket) {
  process.stderr.write(
    "image build --base CLI tests: skipped: neither GUILDS_TEST_DOCKER_SOCKET nor GUILDS_TEST_PODMAN_SOCKET is set\n",
  );
}

describe.skipIf(!socket)("guilds image build --base", () => {
  const suffix = `${process.pid}-${Date.now().toString(36)}`;
  const base = `guilds-test-h2-${suffix}-clibase:node`;
  const created: string[] = [];
  let docker: Docker;
  let baseId: string;

  beforeAll(async () => {
    docker = await connectEngine({ socketPath: socket as string });
    baseId = await importHostRootfsImage(docker, base, { withNode: true });
    created.push(base);
  }, 60_000);

  afterAll(async () => {
    for (const image of created.reverse()) {
      await docker
        ?.getImage(image)
        .remove({ force: true })
        .catch(() => {});
    }
  });

  test("prints guilds-sandbox:<version>-<the base's id> on stdout, its progress on stderr", async () => {
    const ran = await runCli(["image", "build", "--socket", socket as string, "--base", base]);
    const tag = sandboxTagForBase(baseId);
    created.push(tag);
    expect(ran.stderr).toContain(
      `image: ${base}: bash at /bin/bash, node ${process.version} at /opt/node/bin/node\n`,
    );
    expect(ran.code).toBe(0);
    expect(ran.stdout).toBe(`${tag}\n`);
    const image = await docker.getImage(tag).inspect();
    expect(image.Config.Labels?.[IMAGE_LABELS.kind]).toBe("sandbox");
  });

  test("a base that is not on the engine is image.build_failed: nothing is pulled", async () => {
    const absent = `guilds-test-h2-${suffix}-absent:none`;
    const ran = await runCli(["image", "build", "--socket", socket as string, "--base", absent]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toBe("");
    expect(ran.stderr).toMatch(
      new RegExp(
        `^guilds: \\[image\\.build_failed\\] The base image ${absent} is not on the engine; guilds pulls from no registry\\.`,
        "m",
      ),
    );
    const flag = socket === DEFAULT_ENGINE_SOCKET ? "" : ` --socket ${socket}`;
    expect(ran.stderr).toContain(`\`npx guilds image build${flag} --base ${absent}\` again.`);
  });
});
