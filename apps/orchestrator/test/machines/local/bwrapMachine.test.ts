import {
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { probeBwrap } from "../../../src/machines/local/bwrap/bwrapProbe.ts";
import { sandboxUser } from "../../../src/machines/local/bwrap/sandboxUser.ts";
import { createLocalMachine, type LocalMachine } from "../../../src/machines/local/localMachine.ts";
import { bash, hostProcessesWith, recordingLogger, run, tempRoot, waitFor } from "../machineFixture.ts";

const probe = await probeBwrap(sandboxUser("bwrap-test"));
if (!probe.usable) console.warn(`skipping the bwrap machine tests: ${probe.reason}`);

/** A marker no other process of this host has in its command line: `sleep <marker>`. */
function sleepMarker(): string {
  return `${1000 + Math.floor(Math.random() * 100_000)}.${process.pid}`;
}

describe.skipIf(!probe.usable)("local machine under bwrap", () => {
  let root: string;
  let remove: () => void;
  let machine: LocalMachine;
  let server: Server;
  let serverPort = 0;
  let serverConnections = 0;

  beforeAll(async () => {
    ({ root, remove } = tempRoot());
    process.env.GUILDS_TEST_SERVER_SECRET = "server-secret-value";
    machine = await createLocalMachine({
      agentId: "agent-b",
      root,
      sandbox: "auto",
      logger: recordingLogger(),
    });
    await machine.start();
    server = createServer((socket) => {
      serverConnections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    serverPort = typeof address === "object" && address ? address.port : 0;
  });

  afterAll(async () => {
    delete process.env.GUILDS_TEST_SERVER_SECRET;
    server.close();
    await machine.stop();
    remove();
  });

  test("auto chooses bwrap here, and the view is the sandbox's", () => {
    expect(machine.sandbox).toBe("bwrap");
    expect(machine.home).toBe("/home/agent");
    expect(machine.runtimeDir).toBe("/run/guilds");
    expect(machine.baseEnv.PATH).toBe("/opt/guilds/bin:/home/agent/.local/bin:/usr/local/bin:/usr/bin:/bin");
    expect(machine.helperCommand("guilds-code")).toEqual([
      "/opt/guilds/bin/node",
      "/opt/guilds/bin/guilds-code",
    ]);
    expect(machine.ports).toHaveLength(10);
  });

  test("runs commands with their exit code, stdout and stderr, in the home", async () => {
    const ran = await bash(machine, "echo out; echo err >&2; pwd; hostname; exit 7");
    expect(ran).toEqual({ stdout: "out\n/home/agent\nagent-b\n", stderr: "err\n", code: 7, signal: null });
    const inRun = await bash(machine, "pwd", { cwd: "/run/guilds" });
    expect(inRun.stdout).toBe("/run/guilds\n");
  });

  test("gives exactly the environment passed, and nothing of the server's", async () => {
    const ran = await run(machine, ["/usr/bin/env"], { env: { ONLY: "this" } });
    expect(ran.stdout).toBe("ONLY=this\n");
    const everywhere = await bash(machine, "cat /proc/*/environ 2>/dev/null | tr '\\0' '\\n'");
    expect(everywhere.stdout).not.toContain("server-secret-value");
    expect(everywhere.stdout).not.toContain("NODE_EXTRA_CA_CERTS");
  });

  test("runs as a non-root uid that owns the home", async () => {
    const ran = await bash(machine, 'id -u; stat -c %u "$HOME"; touch "$HOME/mine" && echo wrote');
    const [uid, owner, wrote] = ran.stdout.trim().split("\n");
    expect(uid).not.toBe("0");
    expect(owner).toBe(uid);
    expect(wrote).toBe("wrote");
    expect(String(statSync(path.join(root, "home/mine")).uid)).toBe(uid);
  });

  test("cannot write /usr, /etc or / and sees a fresh /tmp", async () => {
    const ran = await bash(
      machine,
      "for target in /usr/x /etc/x /x /home/x /run/x /opt/guilds/bin/x; do touch $target 2>/dev/null && echo $target; done; ls -A /tmp | wc -l",
    );
    expect(ran.stdout).toBe("0\n");
  });

  test("sees none of the host's processes", async () => {
    const ran = await bash(machine, "ps -eo pid=,comm=");
    const commands = ran.stdout
      .trim()
      .split("\n")
      .map((line) => line.trim().split(/\s+/)[1]);
    // bash may exec ps as its last command.
    expect(commands.slice(0, 2)).toEqual(["bwrap", "node"]);
    expect(commands.length).toBeLessThanOrEqual(4);
    expect(commands.at(-1)).toBe("ps");
  });

  test("is named agent in /etc/passwd, and cannot touch the daemon's socket", async () => {
    const ran = await bash(
      machine,
      "whoami; getent passwd agent | cut -d: -f6; rm -f /run/guilds/.machine/exec.sock 2>/dev/null || echo kept",
    );
    expect(ran.stdout).toBe(process.getuid?.() === 0 ? "agent\n/home/agent\nkept\n" : "agent\n/home/agent\n");
    expect((await bash(machine, "echo still")).stdout).toBe("still\n");
  });

  test("cannot reach a TCP server on the host's 127.0.0.1", async () => {
    const ran = await bash(machine, `echo hi > /dev/tcp/127.0.0.1/${serverPort} && echo connected`);
    expect(ran.stdout).toBe("");
    expect(ran.code).not.toBe(0);
    const withNode = await run(machine, [
      "node",
      "-e",
      `require("net").connect(${serverPort}, "127.0.0.1").on("connect", () => console.log("connected")).on("error", (e) => console.log(e.code))`,
    ]);
    expect(withNode.stdout).toBe("ECONNREFUSED\n");
    expect(serverConnections).toBe(0);
  });

  test("has bash, git, rg, node and the helpers on PATH", async () => {
    const ran = await bash(
      machine,
      "command -v bash git rg node guilds-code guilds-machine && rg --version | head -1",
    );
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain("/opt/guilds/bin/rg\n");
    expect(ran.stdout).toContain("ripgrep");
  });

  test("writeFile writes as the sandbox user, inside the sandbox's view", async () => {
    await machine.writeFile("/run/guilds/requests/run1-c1.json", '{"op":"x"}');
    const hostFile = path.join(root, "run/requests/run1-c1.json");
    expect(readFileSync(hostFile, "utf8")).toBe('{"op":"x"}');
    expect(statSync(hostFile).mode & 0o777).toBe(0o600);
    const inside = await bash(
      machine,
      "cat /run/guilds/requests/run1-c1.json; echo; stat -c %u /run/guilds/requests/run1-c1.json; id -u",
    );
    const [content, owner, uid] = inside.stdout.split("\n");
    expect(content).toBe('{"op":"x"}');
    expect(owner).toBe(uid);
    await expect(machine.writeFile("/etc/passwd", "x")).rejects.toMatchObject({
      code: "machine.path_outside",
    });
  });

  test("writeFile through a link the agent made never touches the host outside the machine", async () => {
    const outside = path.join(root, "outside.txt");
    writeFileSync(outside, "original");
    await bash(machine, `ln -s ${outside} "$HOME/escape"`);
    await machine.writeFile("/home/agent/escape", "pwned").catch(() => {});
    expect(readFileSync(outside, "utf8")).toBe("original");
  });

  test("kill() ends the process group", async () => {
    const marker = sleepMarker();
    const child = machine.exec({
      argv: ["bash", "-c", `sleep ${marker} & sleep ${marker}; wait`],
      env: { ...machine.baseEnv },
    });
    expect(await waitFor(() => hostProcessesWith(`sleep ${marker}`).length === 2, 5000)).toBe(true);
    child.kill("SIGTERM");
    expect(await child.exit).toEqual({ code: null, signal: "SIGTERM" });
    expect(await waitFor(() => hostProcessesWith(`sleep ${marker}`).length === 0, 5000)).toBe(true);
  });

  test("pipes stdin, and streams a large output whole", async () => {
    const child = machine.exec({ argv: ["cat"], env: { ...machine.baseEnv }, stdin: "pipe" });
    child.stdin?.end("through stdin\n");
    const chunks: Buffer[] = [];
    for await (const chunk of child.stdout) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("through stdin\n");
    expect((await child.exit).code).toBe(0);
    const large = await bash(machine, "head -c 5000000 /dev/zero | tr '\\0' 'a'");
    expect(large.stdout.length).toBe(5_000_000);
  });

  test("a program that does not exist exits 127 with the reason", async () => {
    const ran = await run(machine, ["/no/such/program"]);
    expect(ran.code).toBe(127);
    expect(ran.stderr).toContain("/no/such/program");
  });

  test("runs 20 commands at once", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => bash(machine, `echo ${index}; exit ${index % 3}`)),
    );
    results.forEach((result, index) => {
      expect(result.stdout).toBe(`${index}\n`);
      expect(result.code).toBe(index % 3);
    });
  });
});

describe.skipIf(!probe.usable)("a bwrap machine's life", () => {
  let root: string;
  let remove: () => void;
  let machine: LocalMachine | null = null;

  afterEach(async () => {
    await machine?.stop();
    machine = null;
    remove();
  });

  async function startMachine(idleStopMs?: number): Promise<LocalMachine> {
    ({ root, remove } = tempRoot());
    machine = await createLocalMachine({
      agentId: "agent-life",
      root,
      sandbox: "bwrap",
      idleStopMs,
      logger: recordingLogger(),
    });
    return machine;
  }

  /** The outer bwrap process of this test's machine (the inner one, pid 1 inside, is its child). */
  function sandboxProcesses(): number[] {
    const ours = hostProcessesWith("/usr/bin/bwrap").filter((pid) =>
      readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(`${root}/home`),
    );
    return ours.filter((pid) => !ours.includes(parentOf(pid)));
  }

  test("a background command outlives its exec and ends with stop(); run/ is cleared and the home kept", async () => {
    const m = await startMachine();
    await m.start();
    const marker = sleepMarker();
    const started = await bash(
      m,
      `echo kept > kept.txt; mkdir -p /run/guilds/agent-life; setsid sleep ${marker} > /dev/null 2>&1 < /dev/null & echo started`,
    );
    expect(started.stdout).toBe("started\n");
    expect(await waitFor(() => hostProcessesWith(`sleep ${marker}`).length === 1, 5000)).toBe(true);
    await m.stop();
    expect(m.isRunning()).toBe(false);
    expect(hostProcessesWith(`sleep ${marker}`)).toEqual([]);
    expect(sandboxProcesses()).toEqual([]);
    expect(readdirSync(path.join(root, "run"))).toEqual([]);
    expect(readFileSync(path.join(root, "home/kept.txt"), "utf8")).toBe("kept\n");
    await expect(m.exec({ argv: ["true"], env: {} }).exit).rejects.toMatchObject({
      code: "machine.not_running",
    });
    await m.start();
    expect((await bash(m, "cat kept.txt")).stdout).toBe("kept\n");
  });

  test("stops by itself when idle, but not while a command runs", async () => {
    const m = await startMachine(400);
    await m.start();
    const marker = sleepMarker();
    await bash(m, `setsid sleep ${marker} > /dev/null 2>&1 < /dev/null &`);
    const long = await bash(m, "sleep 0.8; echo done");
    expect(long.stdout).toBe("done\n");
    expect(m.isRunning()).toBe(true);
    expect(await waitFor(() => !m.isRunning(), 5000)).toBe(true);
    expect(await waitFor(() => hostProcessesWith(`sleep ${marker}`).length === 0, 5000)).toBe(true);
    await m.start();
    expect((await bash(m, "echo again")).stdout).toBe("again\n");
  });

  test("a long-lived session does not hold the machine awake", async () => {
    const m = await startMachine(400);
    await m.start();
    const session = m.exec({ argv: ["cat"], env: { ...m.baseEnv }, stdin: "pipe", longLived: true });
    session.stdout.resume();
    session.stdin?.write("ping\n");
    expect(await waitFor(() => !m.isRunning(), 5000)).toBe(true);
    await expect(session.exit).rejects.toMatchObject({ code: "machine.exec_failed" });
  });

  test("concurrent starts make one sandbox; an unexpected end is noticed and the next start recovers", async () => {
    const m = await startMachine();
    await Promise.all([m.start(), m.start(), m.start()]);
    expect(sandboxProcesses()).toHaveLength(1);
    for (const pid of sandboxProcesses()) process.kill(pid, "SIGKILL");
    expect(await waitFor(() => !m.isRunning(), 5000)).toBe(true);
    await m.start();
    expect((await bash(m, "echo back")).stdout).toBe("back\n");
  });

  test("a home with content from before is handed to the sandbox user", async () => {
    ({ root, remove } = tempRoot());
    mkdirSync(path.join(root, "home/repos/app"), { recursive: true });
    writeFileSync(path.join(root, "home/repos/app/README"), "hello");
    symlinkSync("/etc/hostname", path.join(root, "home/link"));
    if (process.getuid?.() === 0) chownSync(path.join(root, "home/repos/app/README"), 0, 0);
    machine = await createLocalMachine({
      agentId: "agent-old",
      root,
      sandbox: "bwrap",
      logger: recordingLogger(),
    });
    await machine.start();
    const ran = await bash(
      machine,
      "echo more >> repos/app/README && cat repos/app/README && id -u && stat -c %u repos/app/README",
    );
    const [content, uid, owner] = ran.stdout.split("\n");
    expect(content).toBe("hellomore");
    expect(owner).toBe(uid);
    expect(lstatSync(path.join(root, "home/link")).isSymbolicLink()).toBe(true);
    expect(existsSync("/etc/hostname") ? statSync("/etc/hostname").uid : 0).toBe(0);
  });
});

function parentOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
}
