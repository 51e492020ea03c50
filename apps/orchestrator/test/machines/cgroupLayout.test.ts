import { describe, expect, test } from "vitest";
import { detectCgroupLayout } from "../../src/machines/cgroups/cgroupLayout.ts";
import { limitWrites } from "../../src/machines/cgroups/cgroupLimitFiles.ts";
import { DEFAULT_MACHINE_LIMITS } from "../../src/machines/machineLimits.ts";

const V1_HYBRID_CGROUP = `9:name=systemd:/
8:pids:/
7:blkio:/
4:memory:/process_api/abc
1:cpu,cpuacct:/
6:freezer:/
0::/
`;
const V1_HYBRID_MOUNTS = `30 25 0:26 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
31 25 0:27 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
32 25 0:28 / /sys/fs/cgroup/blkio rw,relatime - cgroup cgroup rw,blkio
33 25 0:29 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
34 25 0:30 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct
35 25 0:31 / /sys/fs/cgroup/freezer rw,relatime - cgroup cgroup rw,freezer
36 25 0:32 / /sys/fs/cgroup/systemd rw,relatime - cgroup cgroup rw,xattr,name=systemd
`;

describe("the cgroup layout of a host", () => {
  test("a hybrid host with pids and memory on v1 is v1, each hierarchy with this process's group", () => {
    expect(detectCgroupLayout(V1_HYBRID_CGROUP, V1_HYBRID_MOUNTS)).toEqual({
      version: 1,
      hierarchies: [
        { mount: "/sys/fs/cgroup/pids", controllers: ["pids"], own: "/" },
        { mount: "/sys/fs/cgroup/blkio", controllers: ["blkio"], own: "/" },
        { mount: "/sys/fs/cgroup/memory", controllers: ["memory"], own: "/process_api/abc" },
        { mount: "/sys/fs/cgroup/cpu,cpuacct", controllers: ["cpu"], own: "/" },
        { mount: "/sys/fs/cgroup/freezer", controllers: ["freezer"], own: "/" },
      ],
    });
  });

  test("a container's v1 mount of a subtree gives the group relative to what it shows", () => {
    const layout = detectCgroupLayout(
      "3:pids:/docker/c1/app\n2:memory:/docker/c1/app\n",
      "40 25 0:27 /docker/c1 /sys/fs/cgroup/pids ro - cgroup cgroup rw,pids\n41 25 0:28 /docker/c1 /sys/fs/cgroup/memory ro - cgroup cgroup rw,memory\n",
    );
    expect(layout).toEqual({
      version: 1,
      hierarchies: [
        { mount: "/sys/fs/cgroup/pids", controllers: ["pids"], own: "/app" },
        { mount: "/sys/fs/cgroup/memory", controllers: ["memory"], own: "/app" },
      ],
    });
  });

  test("no cgroup filesystem, or no pids and memory anywhere, is said with the reason", () => {
    expect(detectCgroupLayout("", "")).toEqual({ version: null, reason: "no cgroup filesystem is mounted" });
    const onlyCpu = detectCgroupLayout(
      "1:cpu:/\n",
      "34 25 0:30 / /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu\n",
    );
    expect(onlyCpu).toMatchObject({
      version: null,
      reason: expect.stringContaining("pids and memory controllers are"),
    });
  });

  test("this host's layout is detected from /proc (printed, for the log)", () => {
    const layout = detectCgroupLayout();
    console.log(
      `this host: ${layout.version === null ? `no usable cgroups (${layout.reason})` : `cgroup v${layout.version}`}`,
    );
    expect([1, 2, null]).toContain(layout.version);
  });
});

describe("the files a machine's limits are written to", () => {
  test("v1: pids.max, the memory limit before memory+swap (no swap), the CFS quota and shares", () => {
    const writes = limitWrites(1, { ...DEFAULT_MACHINE_LIMITS, cpus: 1.5 });
    expect(writes.map((write) => `${write.file}=${write.value}`)).toEqual([
      "pids.max=1024",
      "memory.limit_in_bytes=4294967296",
      "memory.memsw.limit_in_bytes=4294967296",
      "memory.swappiness=0",
      "cpu.cfs_period_us=100000",
      "cpu.cfs_quota_us=150000",
      "cpu.shares=1536",
      "blkio.weight=500",
      "blkio.bfq.weight=500",
    ]);
    expect(writes.filter((write) => write.required).map((write) => write.file)).toEqual([
      "pids.max",
      "memory.limit_in_bytes",
    ]);
  });

  test("v2: pids.max, memory.max with swap off, cpu.max and cpu.weight, io.weight", () => {
    const writes = limitWrites(2, { ...DEFAULT_MACHINE_LIMITS, cpus: 0.5 });
    expect(writes.map((write) => `${write.file}=${write.value}`)).toEqual([
      "pids.max=1024",
      "memory.max=4294967296",
      "memory.swap.max=0",
      "cpu.max=50000 100000",
      "cpu.weight=50",
      "io.weight=default 50",
    ]);
  });
});
