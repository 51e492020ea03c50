import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { probeBwrap } from "../../../src/machines/local/bwrap/bwrapProbe.ts";
import { sandboxUser } from "../../../src/machines/local/bwrap/sandboxUser.ts";
import { createLocalMachine, type LocalMachine } from "../../../src/machines/local/localMachine.ts";
import type { MachineExtras, SandboxMode } from "../../../src/machines/local/localOptions.ts";
import { bash, recordingLogger, tempRoot } from "../machineFixture.ts";

const probe = await probeBwrap(sandboxUser("extras-test"));
if (!probe.usable) console.warn(`skipping the bwrap cases of the machine extras: ${probe.reason}`);

/** An npm prefix with one CLI linked into node_modules/.bin, as `npm install --prefix` leaves it. */
function harnessPrefix(root: string): string {
  const prefix = path.join(root, "harnesses");
  const bin = path.join(prefix, "node_modules", ".bin");
  mkdirSync(bin, { recursive: true });
  writeFileSync(path.join(bin, "fake-harness"), "#!/bin/sh\necho harness ran from $0\n");
  chmodSync(path.join(bin, "fake-harness"), 0o755);
  chmodSync(root, 0o755);
  return prefix;
}

async function machineWith(root: string, sandbox: SandboxMode, extras: MachineExtras): Promise<LocalMachine> {
  // One root per machine: a second machine on a running one's root would end it.
  const name = `${sandbox}-${extras.network ?? "isolated"}${extras.harnessDir === undefined ? "" : "-harness"}`;
  const machine = await createLocalMachine({
    agentId: `extras-${name}`,
    root: path.join(root, `m-${name}`),
    sandbox,
    logger: recordingLogger(),
    ...extras,
  });
  await machine.start();
  return machine;
}

describe("what a machine sees besides its home", () => {
  let root: string;
  let remove: () => void;
  let server: Server;
  let port = 0;
  const machines: LocalMachine[] = [];

  beforeAll(async () => {
    ({ root, remove } = tempRoot());
    server = createServer((socket) => socket.end("hello from the host\n"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });

  afterAll(async () => {
    server.close();
    await Promise.all(machines.map((machine) => machine.stop()));
    remove();
  });

  const connect = (machine: LocalMachine) =>
    bash(machine, `exec 3<>/dev/tcp/127.0.0.1/${port} && head -1 <&3 || echo refused`);

  test.skipIf(!probe.usable)(
    "bwrap: the harness CLIs on PATH, read-only; ~/.local/bin before them",
    async () => {
      const machine = await machineWith(root, "bwrap", { harnessDir: harnessPrefix(root) });
      machines.push(machine);
      const ran = await bash(machine, "fake-harness; touch /opt/guilds/harnesses/x 2>&1 || true; echo $PATH");
      expect(ran.stdout).toContain("harness ran from /opt/guilds/harnesses/node_modules/.bin/fake-harness");
      expect(ran.stdout).toMatch(/Read-only file system/);
      expect(ran.stdout).toContain(
        "/opt/guilds/bin:/home/agent/.local/bin:/opt/guilds/harnesses/node_modules/.bin:/usr/local/bin",
      );
      await bash(
        machine,
        'mkdir -p ~/.local/bin && printf "#!/bin/sh\\necho from the home\\n" > ~/.local/bin/fake-harness && chmod +x ~/.local/bin/fake-harness',
      );
      expect((await bash(machine, "fake-harness")).stdout).toBe("from the home\n");
    },
  );

  test.skipIf(!probe.usable)("bwrap: isolated by default, the host's network when asked", async () => {
    const isolated = await machineWith(root, "bwrap", {});
    const shared = await machineWith(root, "bwrap", { network: "host" });
    machines.push(isolated, shared);
    expect((await connect(isolated)).stdout).not.toContain("hello from the host");
    expect((await connect(shared)).stdout).toBe("hello from the host\n");
  });

  test("unconfined: the harness CLIs on PATH from their host folder", async () => {
    const prefix = harnessPrefix(root);
    const machine = await machineWith(root, "unconfined", { harnessDir: prefix });
    machines.push(machine);
    const ran = await bash(machine, "fake-harness");
    expect(ran.stdout).toBe(`harness ran from ${prefix}/node_modules/.bin/fake-harness\n`);
  });
});
