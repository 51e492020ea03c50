import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { probeBwrap } from "../../../../src/machines/local/bwrap/bwrapProbe.ts";
import { sandboxUser } from "../../../../src/machines/local/bwrap/sandboxUser.ts";
import { homeImage, unmountStaleHomeImages } from "../../../../src/machines/local/home/homeImage.ts";
import { createLocalMachine, type LocalMachine } from "../../../../src/machines/local/localMachine.ts";
import { DEFAULT_MACHINE_LIMITS, type MachineLimits } from "../../../../src/machines/machineLimits.ts";
import { bash, recordingLogger, tempRoot } from "../../machineFixture.ts";

const MiB = 1024 * 1024;
const probe = await probeBwrap(sandboxUser("home-image-probe"));
const skipReason =
  process.getuid?.() !== 0
    ? "a home image needs root (mount, loop devices)"
    : probe.usable
      ? null
      : `bwrap machine unavailable: ${probe.reason}`;
if (skipReason !== null) console.warn(`skipping the home image tests: ${skipReason}`);

function isMounted(folder: string): boolean {
  return readFileSync("/proc/self/mountinfo", "utf8")
    .split("\n")
    .some((line) => line.split(" ")[4] === folder);
}

describe.skipIf(skipReason !== null)("the home as a disk image of its limit", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function machineWith(limits: { current: MachineLimits }, root: string) {
    const logger = recordingLogger();
    const machine: LocalMachine = await createLocalMachine({
      agentId: "image-agent",
      root,
      sandbox: "bwrap",
      homeImage: true,
      limits: () => limits.current,
      logger,
    });
    cleanups.push(() => machine.stop());
    return { machine, logger };
  }

  test("a write past the limit fails inside (ENOSPC); the files live in the image between starts; a higher limit grows it", async () => {
    const { root, remove } = tempRoot();
    cleanups.push(remove);
    const limits = { current: { ...DEFAULT_MACHINE_LIMITS, diskBytes: 64 * MiB } };
    const { machine, logger } = await machineWith(limits, root);
    await machine.start();
    const home = path.join(root, "home");
    expect(isMounted(home)).toBe(true);
    const fill = await bash(
      machine,
      "echo kept > note.txt; dd if=/dev/zero of=big bs=1M count=100 2>&1 | grep -o 'No space left on device'; rm big; df -B1M --output=size ~ | tail -1; ls -A",
    );
    const [full, size, listing] = [
      fill.stdout.split("\n")[0],
      Number(fill.stdout.split("\n")[1]),
      fill.stdout.split("\n").slice(2).join(" "),
    ];
    expect(full).toBe("No space left on device");
    expect(size).toBeGreaterThan(50);
    expect(size).toBeLessThanOrEqual(64);
    expect(listing.trim()).toBe("note.txt");
    expect((await bash(machine, "echo still works")).stdout).toBe("still works\n");

    await machine.stop();
    expect(isMounted(home)).toBe(false);
    expect(readdirSync(home)).toEqual([]);
    expect(existsSync(path.join(root, "home.ext4"))).toBe(true);

    limits.current = { ...limits.current, diskBytes: 128 * MiB };
    await machine.start();
    expect(logger.infos.filter((line) => line.includes("disk"))).toEqual([]);
    const after = await bash(machine, "cat note.txt; df -B1M --output=size ~ | tail -1");
    expect(after.stdout.split("\n")[0]).toBe("kept");
    expect(Number(after.stdout.split("\n")[1])).toBeGreaterThan(100);
  }, 60_000);

  test("a start whose preparation fails while the image mounts leaves the home unmounted; the next start mounts it", async () => {
    const { root, remove } = tempRoot();
    cleanups.push(remove);
    // pids.max refuses -1: the cgroup, made while the image mounts, cannot be set up.
    const limits = { current: { ...DEFAULT_MACHINE_LIMITS, diskBytes: 64 * MiB, pids: -1 } };
    const { machine } = await machineWith(limits, root);
    const refused = await machine.start().then(
      () => null,
      (caught: unknown) => caught,
    );
    const home = path.join(root, "home");
    expect(refused).toMatchObject({ code: "machine.start_failed" });
    expect(machine.isRunning()).toBe(false);
    expect(isMounted(home)).toBe(false);
    expect(readdirSync(path.join(root, "run"))).toEqual([]);

    limits.current = { ...limits.current, pids: DEFAULT_MACHINE_LIMITS.pids };
    await machine.start();
    expect(isMounted(home)).toBe(true);
    expect((await bash(machine, "echo up")).stdout).toBe("up\n");
  }, 60_000);

  test("a home with files from before stays a folder, its limit watched, and says so", async () => {
    const { root, remove } = tempRoot();
    cleanups.push(remove);
    mkdirSync(path.join(root, "home"), { recursive: true });
    writeFileSync(path.join(root, "home", "old.txt"), "from before\n");
    const limits = { current: { ...DEFAULT_MACHINE_LIMITS, diskBytes: 64 * MiB } };
    const { machine, logger } = await machineWith(limits, root);
    await machine.start();
    expect(isMounted(path.join(root, "home"))).toBe(false);
    expect((await bash(machine, "cat old.txt")).stdout).toBe("from before\n");
    expect(logger.infos).toContain(
      "the machine of agent image-agent: its home's disk limit of 64 MiB is watched, not enforced by the kernel: its home has files from before it had a disk image",
    );
  }, 60_000);

  test("images a killed server left mounted are unmounted when the next one starts", async () => {
    const { root, remove } = tempRoot();
    cleanups.push(remove);
    const machineRoot = path.join(root, "agent-1");
    const home = path.join(machineRoot, "home");
    mkdirSync(home, { recursive: true });
    const image = homeImage(machineRoot, home);
    cleanups.push(() => image.unmount());
    expect(await image.mount(32 * MiB, { uid: 0, gid: 0 })).toEqual({ kind: "image", bytes: 32 * MiB });
    expect(isMounted(home)).toBe(true);
    await unmountStaleHomeImages(root);
    expect(isMounted(home)).toBe(false);
  }, 60_000);
});
