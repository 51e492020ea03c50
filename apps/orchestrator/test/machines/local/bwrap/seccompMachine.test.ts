import { chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { probeBwrap } from "../../../../src/machines/local/bwrap/bwrapProbe.ts";
import { sandboxUser } from "../../../../src/machines/local/bwrap/sandboxUser.ts";
import { buildSeccompFilter } from "../../../../src/machines/local/bwrap/seccompFilter.ts";
import { createLocalMachine, type LocalMachine } from "../../../../src/machines/local/localMachine.ts";
import { bash, recordingLogger, run, tempRoot } from "../../machineFixture.ts";

const probe = await probeBwrap(sandboxUser("seccomp-test"));
if (!probe.usable) console.warn(`skipping the seccomp machine tests: ${probe.reason}`);

/**
 * Calls each system call by its native number (libseccomp's python bindings resolve it, as they
 * did for the filter) and prints {name: errno name, or "ok"} as JSON.
 */
const CALLS_SCRIPT = `
import ctypes, errno, json, seccomp
libc = ctypes.CDLL(None, use_errno=True)
def call(name, *args):
    number = seccomp.resolve_syscall(seccomp.Arch.NATIVE, name)
    ctypes.set_errno(0)
    result = libc.syscall(ctypes.c_long(number), *[ctypes.c_long(a) for a in args])
    return "ok" if result >= 0 else errno.errorcode[ctypes.get_errno()]
print(json.dumps({
    "keyctl": call("keyctl", 0, -3, 0),
    "bpf": call("bpf", 0, 0, 0),
    "perf_event_open": call("perf_event_open", 0, 0, -1, -1, 0),
    "userfaultfd": call("userfaultfd", 0),
    "mount": call("mount", 0, 0, 0, 0, 0),
    "ioctl TIOCSTI": call("ioctl", 0, 0x5412, 0),
    "ioctl TIOCSTI, upper bits set": call("ioctl", 0, 0x100005412, 0),
    "io_uring_setup": call("io_uring_setup", 1, 0),
    "unshare": call("unshare", 0x400),
    "personality ADDR_NO_RANDOMIZE": call("personality", 0x40000),
    "personality query": call("personality", 0xffffffff),
}))
`;

const REFUSED = {
  keyctl: "EPERM",
  bpf: "EPERM",
  perf_event_open: "EPERM",
  userfaultfd: "EPERM",
  mount: "EPERM",
  "ioctl TIOCSTI": "EPERM",
  "ioctl TIOCSTI, upper bits set": "EPERM",
  io_uring_setup: "EPERM",
  unshare: "EPERM",
  "personality ADDR_NO_RANDOMIZE": "EPERM",
  "personality query": "ok",
};

function statusLines(status: string, names: string[]): string[] {
  return status.split("\n").filter((line) => names.some((name) => line.startsWith(`${name}:`)));
}

describe.skipIf(!probe.usable)("a bwrap machine's kernel surface", () => {
  let root: string;
  let remove: () => void;
  let filtered: LocalMachine;
  let unfiltered: LocalMachine;
  let persistent: LocalMachine;
  const unfilteredLogger = recordingLogger();

  beforeAll(async () => {
    ({ root, remove } = tempRoot());
    // As root, each sandbox user must reach its machine's folder below this one.
    chmodSync(root, 0o711);
    filtered = await createLocalMachine({
      agentId: "seccomp-on",
      root: path.join(root, "on"),
      sandbox: "bwrap",
      logger: recordingLogger(),
    });
    unfiltered = await createLocalMachine({
      agentId: "seccomp-off",
      root: path.join(root, "off"),
      sandbox: "bwrap",
      seccomp: "off",
      logger: unfilteredLogger,
    });
    persistent = await createLocalMachine({
      agentId: "seccomp-persistent",
      root: path.join(root, "persistent"),
      sandbox: "bwrap",
      persistent: true,
      logger: recordingLogger(),
    });
    await Promise.all([filtered.start(), unfiltered.start(), persistent.start()]);
  });

  afterAll(async () => {
    await Promise.all([filtered?.stop(), unfiltered?.stop(), persistent?.stop()]);
    remove();
  });

  test("no capabilities, no new privileges, a seccomp filter: in every process, pid 1 included", async () => {
    const names = ["CapPrm", "CapEff", "CapBnd", "NoNewPrivs", "Seccomp"];
    for (const file of ["/proc/self/status", "/proc/1/status"]) {
      const ran = await run(filtered, ["cat", file]);
      expect(statusLines(ran.stdout, names)).toEqual([
        "CapPrm:\t0000000000000000",
        "CapEff:\t0000000000000000",
        "CapBnd:\t0000000000000000",
        "NoNewPrivs:\t1",
        "Seccomp:\t2",
      ]);
    }
  });

  test("a persistent machine (started detached) runs under the same filter", async () => {
    const ran = await run(persistent, ["cat", "/proc/self/status"]);
    expect(statusLines(ran.stdout, ["NoNewPrivs", "Seccomp"])).toEqual(["NoNewPrivs:\t1", "Seccomp:\t2"]);
    const unshared = await bash(persistent, "unshare -U true; echo U=$?");
    expect(unshared.stdout).toBe("U=1\n");
  });

  test("no nested user namespaces, so no mounts of its own", async () => {
    const ran = await bash(filtered, "unshare -rm true; echo rm=$?; unshare -U true; echo U=$?");
    expect(ran.stdout).toBe("rm=1\nU=1\n");
  });

  test("the refused calls get EPERM; asking for the personality still works", async () => {
    const ran = await run(filtered, ["python3", "-c", CALLS_SCRIPT]);
    expect(ran.stderr).toBe("");
    expect(JSON.parse(ran.stdout)).toEqual(REFUSED);
  });

  test.skipIf(process.arch !== "x64")("a call through the x32 ABI kills the process", async () => {
    const script = "import ctypes; ctypes.CDLL(None).syscall(ctypes.c_long(0x40000000 + 39)); print('alive')";
    const ran = await bash(filtered, `python3 -c "${script}"; echo "status $?"`);
    expect(ran.stdout).toBe("status 159\n");
  });

  test("ordinary work runs: bash, git, node (io_uring asked for), a fork, loopback, threads", async () => {
    const nodeScript = [
      "const { Worker } = require('node:worker_threads');",
      "const fs = require('node:fs/promises');",
      "const net = require('node:net');",
      "(async () => {",
      "  await fs.writeFile('n.txt', 'node');",
      "  const text = await fs.readFile('n.txt', 'utf8');",
      "  const answer = await new Promise((ok) => new Worker('require(\"node:worker_threads\").parentPort.postMessage(6*7)', { eval: true }).once('message', ok));",
      "  const server = net.createServer((socket) => socket.end('pong')).listen(0, '127.0.0.1');",
      "  await new Promise((ok) => server.once('listening', ok));",
      "  const reply = await new Promise((ok) => net.connect(server.address().port, '127.0.0.1').once('data', (data) => ok(String(data))));",
      "  server.close();",
      "  console.log(text, answer, reply);",
      "})();",
    ].join("\n");
    const script = [
      "set -e",
      "git init -q repo && cd repo && echo hi > a.txt && git add a.txt",
      "git -c user.name=a -c user.email=a@b commit -qm first && git log --format=%s",
      "(exit 3) || echo fork=$?",
      `UV_USE_IO_URING=1 node -e "${nodeScript.replaceAll('"', '\\"')}"`,
      "python3 -c 'import threading; t = threading.Thread(target=print, args=(\"thread\",)); t.start(); t.join()'",
    ].join("\n");
    const ran = await bash(filtered, script);
    expect(ran.stderr).toBe("");
    expect(ran.stdout).toBe("first\nfork=3\nnode 42 pong\nthread\n");
    expect(ran.code).toBe(0);
  });

  test("GUILDS_SECCOMP=off: no filter, and a warning at every start", async () => {
    const status = await run(unfiltered, ["cat", "/proc/self/status"]);
    expect(statusLines(status.stdout, ["NoNewPrivs", "Seccomp"])).toEqual(["NoNewPrivs:\t1", "Seccomp:\t0"]);
    const calls = JSON.parse((await run(unfiltered, ["python3", "-c", CALLS_SCRIPT])).stdout);
    expect(calls.keyctl).toBe("ok");
    const ran = await bash(unfiltered, "unshare -U true; echo U=$?");
    expect(ran.stdout).toBe("U=1\n");
    const warnings = () =>
      unfilteredLogger.warnings.filter((line) => line.includes("WITHOUT its seccomp filter"));
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toContain("apt-get install python3-seccomp");
    await unfiltered.stop();
    await unfiltered.start();
    expect(warnings()).toHaveLength(2);
  });
});

test("without libseccomp's python bindings no filter is built, and the error says what to install", async () => {
  const built = buildSeccompFilter(path.join(tmpdir(), `no-python3-${process.pid}`));
  await expect(built).rejects.toBeInstanceOf(GuildsError);
  await expect(built).rejects.toMatchObject({
    code: "machine.start_failed",
    message: expect.stringContaining("apt-get install python3-seccomp"),
  });
});
