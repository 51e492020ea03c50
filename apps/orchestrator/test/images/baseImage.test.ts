// What the docker provider asks of the sandbox image before it makes a container (resolveSandboxImage),
// and the sandbox image made from an operator's base image (guilds image build --base), on each engine
// named by GUILDS_TEST_DOCKER_SOCKET and GUILDS_TEST_PODMAN_SOCKET (unset: skipped, saying why). The
// bases are this host's bash and node imported as a tarball (hostRootfsImage.ts); one sandbox image
// is built per engine and shared by the tests.
import { decodeBase64Json, encodeBase64Json } from "@guilds/protocol/base64Json";
import { Envelope } from "@guilds/protocol/envelope";
import type Docker from "dockerode";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildSandboxImageFromBase, sandboxTagForBase } from "../../src/images/baseImageBuild.ts";
import { connectEngine, DEFAULT_ENGINE_SOCKET } from "../../src/images/containerEngine.ts";
import {
  type BuiltSandboxImage,
  helperBundles,
  helpersDigest,
  IMAGE_LABELS,
  projectVersion,
  sandboxImageTag,
} from "../../src/images/sandboxImage.ts";
import { resolveSandboxImage } from "../../src/images/sandboxImageCheck.ts";
import { execIn, isPodman, serveSession } from "./engineExec.ts";
import { BASE_NODE_PATH, importHostRootfsImage } from "./hostRootfsImage.ts";

/** Both engines, each skipped with the reason printed when its socket variable is unset. */
const engines = [
  { variable: "GUILDS_TEST_DOCKER_SOCKET", socket: process.env.GUILDS_TEST_DOCKER_SOCKET ?? "" },
  { variable: "GUILDS_TEST_PODMAN_SOCKET", socket: process.env.GUILDS_TEST_PODMAN_SOCKET ?? "" },
].map((engine) => {
  const skipReason = engine.socket === "" ? `${engine.variable} is not set` : undefined;
  if (skipReason !== undefined) process.stderr.write(`base image tests: skipped: ${skipReason}\n`);
  return { ...engine, skipReason };
});

describe.each(engines)("the sandbox image on $variable", ({ socket, skipReason }) => {
  describe.skipIf(skipReason !== undefined)(
    `made from a base${skipReason === undefined ? "" : `, skipped: ${skipReason}`}`,
    () => {
      const suffix = `${process.pid}-${Date.now().toString(36)}`;
      const withNode = `guilds-test-h2-${suffix}-base:node`;
      const withoutNode = `guilds-test-h2-${suffix}-base:nonode`;
      const images: string[] = [];
      const containers: Docker.Container[] = [];
      let docker: Docker;
      let podman = false;
      let baseId: string;
      let noNodeId: string;
      let built: BuiltSandboxImage;
      const progress: string[] = [];
      const socketFlag = socket === DEFAULT_ENGINE_SOCKET ? "" : ` --socket ${socket}`;

      /** Docker lists the name as given; Podman with its registry (localhost/ or docker.io/library/). */
      const listedAs = async (name: string): Promise<string> => {
        const listed = (await docker.getImage(name).inspect()).RepoTags ?? [];
        expect(listed.some((tag) => tag === name)).toBe(!podman);
        return listed.find((tag) => tag === name || tag.endsWith(`/${name}`)) ?? "";
      };

      beforeAll(async () => {
        docker = await connectEngine({ socketPath: socket });
        podman = await isPodman(docker);
        baseId = await importHostRootfsImage(docker, withNode, { withNode: true });
        images.push(withNode);
        noNodeId = await importHostRootfsImage(docker, withoutNode, { withNode: false });
        images.push(withoutNode);
        built = await buildSandboxImageFromBase({
          docker,
          base: withNode,
          progress: (line) => progress.push(line),
        });
        images.push(built.tag);
      }, 120_000);

      afterAll(async () => {
        for (const container of containers) await container.remove({ force: true }).catch(() => {});
        for (const image of images.reverse()) {
          await docker
            ?.getImage(image)
            .remove({ force: true })
            .catch(() => {});
        }
      }, 60_000);

      test("the build found the base's bash and node, and committed guilds-sandbox:<version>-<base id> with the Debian image's settings", async () => {
        expect(built.tag).toBe(sandboxTagForBase(baseId));
        expect(built.tag).toMatch(new RegExp(`^guilds-sandbox:${projectVersion()}-[0-9a-f]{12}$`));
        expect(progress[0]).toBe(
          `${withNode}: bash at /bin/bash, node ${process.version} at ${BASE_NODE_PATH}`,
        );
        expect(progress[1]).toBe(
          `${withNode}: set up: the user agent, /home/agent, /opt/guilds, the links in /usr/local/bin`,
        );
        expect(progress[2]).toMatch(
          new RegExp(`^${withNode} has no /usr/bin/env, which the helpers' first line`),
        );
        const image = await docker.getImage(built.tag).inspect();
        expect(image.Config.Labels).toMatchObject({
          [IMAGE_LABELS.kind]: "sandbox",
          [IMAGE_LABELS.version]: projectVersion(),
          [IMAGE_LABELS.helpers]: helpersDigest(helperBundles()),
        });
        expect(image.Config.User).toBe("1000:1000");
        expect(image.Config.WorkingDir).toBe("/home/agent");
        expect(image.Config.Env).toContain("PATH=/opt/guilds/bin:/usr/local/bin:/usr/bin:/bin");
        expect(image.Config.Cmd).toEqual(["/bin/bash"]);
        // No entrypoint: [""], the reset `--entrypoint ""` sends.
        expect([image.Config.Entrypoint ?? []].flat().filter((word) => word !== "")).toEqual([]);
      });

      test("a container of it runs as uid 1000 in its 0700 home, and guilds-code serve answers a ping", async () => {
        const container = await docker.createContainer({
          Image: built.id,
          name: `guilds-test-h2-${suffix}-run`,
          Cmd: ["bash"],
          OpenStdin: true,
          HostConfig: { NetworkMode: "none", ReadonlyRootfs: true, CapDrop: ["ALL"] },
        });
        containers.push(container);
        await container.start();
        const probe = await execIn(docker, container, [
          "bash",
          "-c",
          `echo $UID $HOME; node -e 'const s = require("fs").statSync("/home/agent"); console.log(s.uid, (s.mode & 0o777).toString(8))'; command -v node guilds-code`,
        ]);
        expect(probe.stderr).toBe("");
        expect(probe.stdout.trim().split("\n")).toEqual([
          "1000 /home/agent",
          "1000 700",
          "/opt/guilds/bin/node",
          "/opt/guilds/bin/guilds-code",
        ]);
        // The base has no /usr/bin/env for the helpers' shebang: node runs them.
        const session = await serveSession(docker, container, [
          "node",
          "/opt/guilds/bin/guilds-code",
          "serve",
        ]);
        try {
          const request = encodeBase64Json({
            op: "ping",
            args: {},
            run_id: "r1",
            agent_id: "a1",
            call_id: "c1",
            cwd: "",
            max_bytes: 8192,
          });
          expect(Envelope.parse(decodeBase64Json(await session.call("p1", request)))).toEqual({
            ok: true,
            text: "pong",
            meta: {},
          });
        } finally {
          await session.close();
        }
      });

      test("the Debian sandbox image works as a base too: node on its PATH, its user agent kept, the helpers' shebang", async () => {
        const debian = sandboxImageTag();
        const present = await docker
          .getImage(debian)
          .inspect()
          .then(
            () => true,
            () => false,
          );
        if (!present) {
          process.stderr.write(
            `base image tests: ${debian} is not on ${socket}: the Debian base is not tried\n`,
          );
          return;
        }
        const tag = `guilds-test-h2-${suffix}-debian:1`;
        const lines: string[] = [];
        const fromDebian = await buildSandboxImageFromBase({
          docker,
          base: debian,
          tag,
          progress: (line) => lines.push(line),
        });
        images.push(tag);
        expect(lines[0]).toMatch(
          new RegExp(`^${debian}: bash at /usr/bin/bash, node v20\\.\\d+\\.\\d+ at /opt/guilds/bin/node$`),
        );
        expect(lines[1]).toContain("/etc/passwd: id 1000 is already agent");
        const container = await docker.createContainer({
          Image: fromDebian.id,
          name: `guilds-test-h2-${suffix}-debian`,
          Cmd: ["sleep", "infinity"],
          HostConfig: { NetworkMode: "none" },
        });
        containers.push(container);
        await container.start();
        const answer = await execIn(docker, container, ["bash", "-c", "id -un; guilds-machine; echo $?"]);
        expect(answer.stdout.trim().split("\n")).toEqual(["agent", "2"]);
        expect(answer.stderr).toMatch(/^guilds-machine: /);
      });

      test("a base without node is refused with image.build_failed saying what it needs", async () => {
        const failure = await buildSandboxImageFromBase({
          docker,
          base: withoutNode,
          progress: () => {},
        }).catch((caught: unknown) => caught);
        expect(failure).toMatchObject({ code: "image.build_failed" });
        expect((failure as Error).message).toMatch(
          new RegExp(`^The base image ${withoutNode} has no node: \`command -v node\` finds none`),
        );
        expect((failure as Error).message).toContain("node 18+");
        const absent = `guilds-test-h2-${suffix}-absent:none`;
        const missing = await buildSandboxImageFromBase({ docker, base: absent, progress: () => {} }).catch(
          (caught: unknown) => caught,
        );
        expect(missing).toMatchObject({ code: "image.build_failed" });
        expect((missing as Error).message).toContain(`The base image ${absent} is not on the engine`);
      });

      test("resolveSandboxImage finds the image made from GUILDS_SANDBOX_IMAGE, by the name the engine lists", async () => {
        const resolved = await resolveSandboxImage(docker, { image: withNode });
        expect(resolved).toEqual({ ref: await listedAs(built.tag), id: built.id, stale: null });
      });

      test("an absent image is image.missing with the command that builds it", async () => {
        const absent = `guilds-test-h2-${suffix}-absent:none`;
        await expect(resolveSandboxImage(docker, { image: absent })).rejects.toMatchObject({
          code: "image.missing",
          message: expect.stringContaining(
            `The base image ${absent} (GUILDS_SANDBOX_IMAGE) is not on the engine`,
          ),
        });
        // The base is there, the sandbox image made from it not (yet).
        const unbuilt = await resolveSandboxImage(docker, { image: withoutNode }).catch(
          (caught: unknown) => caught,
        );
        expect(unbuilt).toMatchObject({ code: "image.missing" });
        expect((unbuilt as Error).message).toBe(
          `The sandbox image ${sandboxTagForBase(noNodeId)}, made from the base image ${withoutNode} (GUILDS_SANDBOX_IMAGE), is not on the engine. Build it with \`npx guilds image build${socketFlag} --base ${withoutNode}\` after \`npm run build\` (a few seconds).`,
        );
        // guilds-sandbox:<version>: there on the engine or not (other tests build it), never pulled.
        const standard = await resolveSandboxImage(docker, {}).catch((caught: unknown) => caught);
        if (standard instanceof Error) {
          expect(standard).toMatchObject({ code: "image.missing" });
          expect(standard.message).toBe(
            `The sandbox image ${sandboxImageTag()} is not on the engine. Build it with \`npx guilds image build${socketFlag}\` after \`npm run build\`: it takes about a minute and needs mmdebstrap (\`apt-get install mmdebstrap\`), run as root.`,
          );
        } else {
          expect(standard).toMatchObject({
            ref: expect.stringMatching(new RegExp(`(^|/)${sandboxImageTag()}$`)),
          });
        }
      });

      test("an image whose helpers' label differs from this build's is stale, saying to rebuild it", async () => {
        // The sandbox image of the node-less base, faked: the built one committed with another label.
        const staleTag = sandboxTagForBase(noNodeId);
        const [repo, tag] = staleTag.split(":") as [string, string];
        const container = await docker.createContainer({
          Image: built.id,
          name: `guilds-test-h2-${suffix}-stale`,
          Cmd: ["bash"],
        });
        containers.push(container);
        await container.commit({ repo, tag, changes: [`LABEL ${IMAGE_LABELS.helpers}=0123abc`] });
        images.push(staleTag);
        const resolved = await resolveSandboxImage(docker, { image: withoutNode });
        expect(resolved.ref).toBe(await listedAs(staleTag));
        expect(resolved.stale).toBe(
          `The sandbox image ${staleTag} holds other helpers than this build of guilds (its ${IMAGE_LABELS.helpers} label is 0123abc, this build's is ${helpersDigest(helperBundles())}); containers run the image's own helpers until it is rebuilt with \`npx guilds image build${socketFlag} --base ${withoutNode}\`.`,
        );
      });
    },
  );
});
