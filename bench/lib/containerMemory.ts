import { readdirSync, readFileSync } from "node:fs";
import type Docker from "dockerode";

const MiB = 1024 * 1024;

/** What one running container costs in memory, from this host's side (cgroup v1 or v2, root). */
export interface ContainerMemory {
  /** The container's memory cgroup: everything charged to it (its processes, tmpfs, page cache it read first). */
  cgroupUsageMib: number;
  /** usage minus inactive file pages (what `docker stats` shows): the kernel can drop the rest at once. */
  cgroupWorkingSetMib: number;
  /** Anonymous memory of its processes (heap, stacks): never shared with another container. */
  cgroupAnonMib: number;
  /** tmpfs and shared memory charged to it. */
  cgroupShmemMib: number;
  /** The processes in its cgroup, with their RSS (MiB). */
  processes: { name: string; rssMib: number }[];
  /** The engine's own processes for it on this host (containerd-shim, conmon: any whose argv names the container). */
  engineProcesses: { name: string; rssMib: number; pssMib: number }[];
}

export async function containerMemory(docker: Docker, containerName: string): Promise<ContainerMemory> {
  const info = await docker.getContainer(containerName).inspect();
  const pid = info.State.Pid;
  if (!pid) throw new Error(`${containerName} is not running`);
  const cgroupDir = memoryCgroupOf(pid);
  const stat = cgroupStat(cgroupDir);
  const v2 = !cgroupDir.includes("/memory/");
  const usage = Number(
    readFileSync(`${cgroupDir}/${v2 ? "memory.current" : "memory.usage_in_bytes"}`, "utf8"),
  );
  const inactiveFile = stat.get(v2 ? "inactive_file" : "total_inactive_file") ?? 0;
  const anon = stat.get(v2 ? "anon" : "total_rss") ?? 0;
  const shmem = stat.get(v2 ? "shmem" : "total_shmem") ?? 0;
  const inside = readFileSync(`${cgroupDir}/cgroup.procs`, "utf8").split("\n").filter(Boolean).map(Number);
  const insideSet = new Set(inside);
  const processes = inside.map((member) => ({
    name: processName(member),
    rssMib: statusKib(member, "VmRSS") / 1024,
  }));
  const engineProcesses = processesNaming(info.Id)
    .filter((member) => !insideSet.has(member))
    .map((member) => ({
      name: processName(member),
      rssMib: statusKib(member, "VmRSS") / 1024,
      pssMib: pssKib(member) / 1024,
    }));
  return {
    cgroupUsageMib: usage / MiB,
    cgroupWorkingSetMib: Math.max(0, usage - inactiveFile) / MiB,
    cgroupAnonMib: anon / MiB,
    cgroupShmemMib: shmem / MiB,
    processes,
    engineProcesses,
  };
}

/** The folder of the memory cgroup `pid` is in (v1: the memory hierarchy; v2: the unified one). */
function memoryCgroupOf(pid: number): string {
  const lines = readFileSync(`/proc/${pid}/cgroup`, "utf8").split("\n");
  const v1 = lines.find((line) => line.split(":")[1]?.split(",").includes("memory"));
  if (v1 !== undefined) return `/sys/fs/cgroup/memory${v1.split(":")[2]}`;
  const v2 = lines.find((line) => line.startsWith("0::"));
  if (v2 === undefined) throw new Error(`no memory cgroup for process ${pid}`);
  return `/sys/fs/cgroup${v2.slice(3)}`;
}

function cgroupStat(cgroupDir: string): Map<string, number> {
  const entries = readFileSync(`${cgroupDir}/memory.stat`, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [key = "", value = "0"] = line.split(" ");
      return [key, Number(value)] as const;
    });
  return new Map(entries);
}

/** Every process of this host whose argv holds `text` (the container's id). */
function processesNaming(text: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(text)) found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

function processName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "?";
  }
}

function statusKib(pid: number, field: string): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((candidate) => candidate.startsWith(`${field}:`));
    return line === undefined ? 0 : Number.parseInt(line.slice(field.length + 1), 10);
  } catch {
    return 0;
  }
}

/** Proportional set size: shared pages (the shim's binary, libc) split between their users. */
function pssKib(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8")
      .split("\n")
      .find((candidate) => candidate.startsWith("Pss:"));
    return line === undefined ? 0 : Number.parseInt(line.slice(4), 10);
  } catch {
    return 0;
  }
}
