// The docker machine provider on real engines (Docker, and Podman's Docker API): a container per
// machine with the same view inside as a local machine, its lifecycle, and what it keeps out.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { containerNameOf, serverIdOf } from "../../../src/machines/docker/containerLabels.ts";
import { removeMachineContainer } from "../../../src/machines/docker/containerRemoval.ts";
import { type ContainerNetwork, createDockerMachine } from "../../../src/machines/docker/dockerMachine.ts";
import { egressChainPrefix, egressNames } from "../../../src/machines/docker/egressNetwork.ts";
import { probeBwrap } from "../../../src/machines/local/bwrap/bwrapProbe.ts";
import { sandboxUser } from "../../../src/machines/local/bwrap/sandboxUser.ts";
import { createLocalMachine } from "../../../src/machines/local/localMachine.ts";
import type { Machine } from "../../../src/machines/machine.ts";
import { DEFAULT_MACHINE_LIMITS } from "../../../src/machines/machineLimits.ts";
import {
  bash,
  hostProcessesWith,
  recordingLogger,
  sleepMarker,
  tempRoot,
  waitFor,
} from "../machineFixture.ts";
import { containerEngines } from "./containerEngines.ts";

const engines = await containerEngines();
const bwrapProbe = await probeBwrap(sandboxUser("probe"));
const bwrapSkip = bwrapProbe.usable ? undefined : bwrapProbe.reason;

describe.each(engines)("a docker machine ($label)", ({ engine, skipReason }) => {
  const roots: (() => void)[] = [];
  const containers: string[] = [];
  const machines: Machine[] = [];

  const requireEngine = () => {
    if (engine === undefined) throw new Error("no engine");
    return engine;
  };

  const make = (
    extra: { agentId?: string; root?: string; idleStopMs?: number; network?: ContainerNetwork } = {},
  ) => {
    if (engine === undefined) throw new Error("no engine");
    const root = extra.root ?? tempRoot();
    const rootPath = typeof root === "string" ? root : root.root;
    if (typeof root !== "string") roots.push(root.remove);
    const agentId = extra.agentId ?? `ag_test${process.pid}${Math.floor(Math.random() * 1e6)}`;
    const serverId = serverIdOf(`test-${process.pid}`);
    containers.push(containerNameOf(serverId, agentId));
    const logger = recordingLogger();
    const machine = createDockerMachine({
      engine,
      agentId,
      root: rootPath,
      serverId,
      logger,
      ...(extra.idleStopMs === undefined ? {} : { idleStopMs: extra.idleStopMs }),
      ...(extra.network === undefined ? {} : { network: extra.network }),
    });
    machines.push(machine);
    return { machine, root: rootPath, agentId, logger };
  };

  afterAll(async () => {
    await Promise.allSettled(machines.map((machine) => machine.stop()));
    if (engine)
      await Promise.allSettled(containers.map((name) => removeMachineContainer(engine.docker, name)));
    for (const remove of roots) remove();
  });

  test.skipIf(skipReason !== undefined)(
    "runs commands as the sandbox user in the home, with the local machine's view",
    async () => {
      const { machine, root } = make();
      await machine.start();
      expect(machine.provider).toBe("docker");
      const ran = await bash(
        machine,
        'echo "$HOME $(pwd) $(whoami) $GUILDS_RUNTIME_DIR"; command -v guilds-code node git rg bash; echo err >&2; exit 3',
      );
      expect(ran.stdout.split("\n")[0]).toBe("/home/agent /home/agent agent /run/guilds");
      expect(ran.stdout).toContain("/opt/guilds/bin/node");
      expect(ran.stderr).toBe("err\n");
      expect(ran.code).toBe(3);
      // The home is the folder on this host, owned by the sandbox user.
      await bash(machine, "echo kept > note.txt");
      expect(readFileSync(path.join(root, "home", "note.txt"), "utf8")).toBe("kept\n");
      expect(statSync(path.join(root, "home")).uid).not.toBe(0);
    },
  );

  test.skipIf(skipReason !== undefined)(
    "a command that is not there exits 127 with the reason on stderr",
    async () => {
      const { machine } = make();
      await machine.start();
      const child = machine.exec({ argv: ["no-such-command-here"], env: { ...machine.baseEnv } });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      expect(await child.exit).toEqual({ code: 127, signal: null });
      expect(stderr).toContain("no-such-command-here");
    },
  );

  test.skipIf(skipReason !== undefined)(
    "stdin pipes in, kill signals the process group, and the exit says the signal",
    async () => {
      const { machine } = make();
      await machine.start();
      const cat = machine.exec({ argv: ["cat"], env: { ...machine.baseEnv }, stdin: "pipe" });
      let out = "";
      cat.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      cat.stdin?.end("hello through stdin\n");
      expect(await cat.exit).toEqual({ code: 0, signal: null });
      expect(out).toBe("hello through stdin\n");

      const marker = sleepMarker();
      const sleeper = machine.exec({
        argv: ["bash", "-c", `sleep ${marker} & wait`],
        env: { ...machine.baseEnv },
      });
      expect(await waitFor(() => hostProcessesWith(`sleep ${marker}`).length === 1, 5000)).toBe(true);
      sleeper.kill("SIGKILL");
      expect(await sleeper.exit).toEqual({ code: null, signal: "SIGKILL" });
      expect(await waitFor(() => hostProcessesWith(`sleep ${marker}`).length === 0, 5000)).toBe(true);
    },
  );

  test.skipIf(skipReason !== undefined)(
    "a kill sent before the engine runs the process is not lost: the command never gets to finish",
    async () => {
      const { machine, root } = make();
      await machine.start();
      for (const delayMs of [0, 5, 30]) {
        const late = `late-${delayMs}.txt`;
        const child = machine.exec({
          argv: ["bash", "-c", `sleep 0.3; touch ${late}`],
          env: { ...machine.baseEnv },
        });
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        child.kill("SIGTERM");
        expect(await child.exit).toEqual({ code: null, signal: "SIGTERM" });
      }
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(readdirSync(path.join(root, "home")).filter((name) => name.startsWith("late-"))).toEqual([]);
    },
  );

  test.skipIf(skipReason !== undefined)(
    "writeFile goes through the archive endpoint, owned by the user, with its mode",
    async () => {
      const { machine } = make();
      await machine.start();
      await machine.writeFile("/run/guilds/requests/one.json", '{"a":1}', 0o600);
      await machine.writeFile("/run/guilds/requests/two.json", "second", 0o640);
      await machine.writeFile("/home/agent/deep/er/file.txt", Buffer.from("in the home"));
      const ran = await bash(
        machine,
        "cat /run/guilds/requests/one.json; echo; stat -c '%a %U' /run/guilds/requests/one.json /run/guilds/requests/two.json /home/agent/deep/er/file.txt; cat deep/er/file.txt",
      );
      expect(ran.stdout).toBe('{"a":1}\n600 agent\n640 agent\n600 agent\nin the home');
      await expect(machine.writeFile("/etc/passwd", "x")).rejects.toMatchObject({
        code: "machine.path_outside",
      });
    },
  );

  test.skipIf(skipReason !== undefined)(
    "a stop ends background commands and empties /run/guilds; the next start keeps the home",
    async () => {
      const { machine } = make();
      await machine.start();
      const marker = sleepMarker();
      const started = await bash(
        machine,
        `(sleep ${marker} >/dev/null 2>&1 &); echo run > /run/guilds/mark; echo home > ~/mark`,
      );
      expect(started.code).toBe(0);
      expect(await waitFor(() => hostProcessesWith(`sleep ${marker}`).length === 1, 5000)).toBe(true);
      const generation = machine.runtimeGeneration();
      await machine.stop();
      expect(machine.isRunning()).toBe(false);
      expect(hostProcessesWith(`sleep ${marker}`)).toEqual([]);
      await machine.start();
      expect(machine.runtimeGeneration()).not.toBe(generation);
      const after = await bash(machine, "ls /run/guilds; cat ~/mark");
      expect(after.stdout).toBe("home\n");
    },
  );

  test.skipIf(skipReason !== undefined)(
    "a restarted server adopts the running container, its background commands and /run/guilds as they are",
    async () => {
      const first = make();
      await first.machine.start();
      const marker = sleepMarker();
      await bash(first.machine, `(sleep ${marker} >/dev/null 2>&1 &); echo kept > /run/guilds/mark`);
      const second = make({ agentId: first.agentId, root: first.root });
      await second.machine.start();
      expect(second.logger.infos.join("\n")).toContain("adopted");
      const ran = await bash(second.machine, `cat /run/guilds/mark; pgrep -fx 'sleep ${marker}' | wc -l`);
      expect(ran.stdout).toBe("kept\n1\n");
      await second.machine.stop();
      expect(hostProcessesWith(`sleep ${marker}`)).toEqual([]);
    },
  );

  test.skipIf(skipReason !== undefined)(
    "changed limits recreate the container at the next start, keeping the home",
    async () => {
      const first = make();
      await first.machine.start();
      await bash(first.machine, "echo before > ~/kept");
      await first.machine.stop();
      const limits = { ...DEFAULT_MACHINE_LIMITS, pids: 321 };
      const second = createDockerMachine({
        engine: requireEngine(),
        agentId: first.agentId,
        root: first.root,
        serverId: serverIdOf(`test-${process.pid}`),
        limits: () => limits,
        logger: first.logger,
      });
      machines.push(second);
      await second.start();
      expect(first.logger.infos.join("\n")).toContain("made from another image or other settings");
      const ran = await bash(
        second,
        "cat ~/kept; cat /sys/fs/cgroup/pids.max 2>/dev/null || cat /sys/fs/cgroup/pids/pids.max",
      );
      expect(ran.stdout).toBe("before\n321\n");
    },
  );

  test.skipIf(skipReason !== undefined)(
    "GUILDS_LIMITS=off: no process or memory limit, said at every start",
    async () => {
      const logger = recordingLogger();
      const agentId = `ag_off${process.pid}${Math.floor(Math.random() * 1e6)}`;
      const serverId = serverIdOf(`test-${process.pid}`);
      containers.push(containerNameOf(serverId, agentId));
      const { root, remove } = tempRoot();
      roots.push(remove);
      const machine = createDockerMachine({
        engine: requireEngine(),
        agentId,
        root,
        serverId,
        logger,
        limitsOff: true,
      });
      machines.push(machine);
      await machine.start();
      expect(logger.warnings.join("\n")).toContain("WITHOUT resource limits (GUILDS_LIMITS=off)");
      const ran = await bash(
        machine,
        "cat /sys/fs/cgroup/pids/pids.max 2>/dev/null || cat /sys/fs/cgroup/pids.max",
      );
      expect(ran.stdout).toBe("max\n");
    },
  );

  test.skipIf(skipReason !== undefined || bwrapSkip !== undefined)(
    "the home is the same folder for either provider: what a bwrap machine wrote, the container reads and changes",
    async () => {
      const { machine: container, root, agentId } = make();
      const local = await createLocalMachine({ agentId, root, sandbox: "bwrap", logger: recordingLogger() });
      machines.push(local);
      await local.start();
      await bash(local, "mkdir -p repos/app && echo from-bwrap > repos/app/file");
      await local.stop();
      await container.start();
      const ran = await bash(
        container,
        "cat repos/app/file && echo from-container >> repos/app/file && id -u",
      );
      await container.stop();
      await local.start();
      const back = await bash(local, "cat repos/app/file; id -u");
      expect(back.stdout).toBe(`from-bwrap\nfrom-container\n${ran.stdout.split("\n")[1]}\n`);
    },
  );

  test.skipIf(skipReason !== undefined)("the idle stop stops the container", async () => {
    const { machine } = make({ idleStopMs: 300 });
    await machine.start();
    await bash(machine, "true");
    expect(await waitFor(() => !machine.isRunning(), 8000)).toBe(true);
  });

  test.skipIf(skipReason !== undefined)(
    "a container stopped behind the machine's back is an unexpected end, and the next start brings it back",
    async () => {
      const { machine, agentId } = make();
      await machine.start();
      const name = containerNameOf(serverIdOf(`test-${process.pid}`), agentId);
      await requireEngine().docker.getContainer(name).kill();
      expect(await waitFor(() => !machine.isRunning(), 5000)).toBe(true);
      expect(machine.lastEnd()?.reason).toContain("ended unexpectedly");
      await machine.start();
      expect((await bash(machine, "echo back")).stdout).toBe("back\n");
    },
  );

  test.skipIf(skipReason !== undefined)(
    "inside: a read-only root, no capabilities, no new privileges, the engine's seccomp filter, no network but loopback",
    async () => {
      const { machine } = make();
      await machine.start();
      const ran = await bash(
        machine,
        "touch /usr/x 2>&1 | grep -c 'Read-only'; grep -E '^Cap(Eff|Prm|Bnd):' /proc/self/status; grep -E '^(NoNewPrivs|Seccomp):' /proc/self/status; ls /sys/class/net",
      );
      expect(ran.stdout).toBe(
        "1\nCapPrm:\t0000000000000000\nCapEff:\t0000000000000000\nCapBnd:\t0000000000000000\nNoNewPrivs:\t1\nSeccomp:\t2\nlo\n",
      );
    },
  );

  test.skipIf(skipReason !== undefined || process.getuid?.() !== 0)(
    "network egress: rules an engine puts first as it starts the container (Podman's CNI plugin, at its first start since boot) end up behind ours before any command runs",
    async () => {
      const forward = () =>
        execFileSync("iptables", ["-w", "-S", "FORWARD"], { encoding: "utf8" }).split("\n");
      // As on a host just booted: the engine's own jumps are not there yet, and come back, first, as
      // the container starts (the CNI plugin inserts a missing jump at the top).
      for (const rule of forward().filter((line) => line.startsWith("-A FORWARD ") && line.includes("CNI"))) {
        execFileSync("iptables", ["-w", "-D", "FORWARD", ...splitRule(rule.slice("-A FORWARD ".length))]);
      }
      const { machine } = make({ network: "egress" });
      await machine.start();
      const chain = egressChainPrefix(egressNames(requireEngine().flavor));
      expect(forward()[1]).toBe(`-A FORWARD -j ${chain}`);
      const ran = await bash(
        machine,
        'for address in 10.0.0.1 192.168.1.1 172.16.0.1 169.254.169.254; do timeout 5 bash -c "exec 3<>/dev/tcp/$address/80" 2>/dev/null && echo "$address reached" || echo "$address refused"; done',
      );
      expect(ran.stdout).toBe(
        "10.0.0.1 refused\n192.168.1.1 refused\n172.16.0.1 refused\n169.254.169.254 refused\n",
      );
    },
  );

  test.skipIf(skipReason !== undefined || process.getuid?.() !== 0)(
    "network egress: a network interface of its own, and this host refused",
    async () => {
      const server = createServer((socket) => socket.end("reached\n"));
      await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
      const port = (server.address() as AddressInfo).port;
      try {
        const { machine } = make({ network: "egress" });
        await machine.start();
        const ran = await bash(
          machine,
          `gateway=$(awk '$2 == "00000000" { printf "%d.%d.%d.%d", "0x" substr($3,7,2), "0x" substr($3,5,2), "0x" substr($3,3,2), "0x" substr($3,1,2) }' /proc/net/route); ls /sys/class/net | grep -vc '^lo$'; timeout 5 bash -c "exec 3<>/dev/tcp/$gateway/${port} && cat <&3" && echo reached-host || echo refused`,
        );
        expect(ran.stdout.split("\n").slice(0, 1)).toEqual(["1"]);
        expect(ran.stdout).toContain("refused");
        expect(ran.stdout).not.toContain("reached");
      } finally {
        server.close();
      }
    },
  );
});

/** An `iptables -S` rule's words, its quoted comments kept whole. */
function splitRule(rule: string): string[] {
  return [...rule.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? "");
}
