import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type Docker from "dockerode";
import { countLimitHit } from "../../metrics/limitHitMetrics.ts";
import { detectCgroupLayout, type V1Hierarchy } from "../cgroups/cgroupLayout.ts";

/** How often a running container's process count is read from the engine. */
const WATCH_INTERVAL_MS = 1_000;
/** As the local provider's helper: at 90% of the limit, a machine is "at" it. */
const NEAR_LIMIT = 0.9;
/** Reads in a row at the limit before the machine is stopped: a build's short burst is not a runaway. */
const READS_AT_LIMIT = 3;

/**
 * A container's process limit (PidsLimit) where no helper can give each command a cgroup of its own:
 * processes that outlive their call (a fork bomb) hold the container at its limit, where no new
 * process, not even the next command's shell, can start. When the engine reports the container at
 * its limit for a few seconds, `onFull` is told why (the machine is then stopped; the next call
 * starts it again). Returns the function that stops watching.
 */
export function watchProcessLimit(
  container: Docker.Container,
  limit: number,
  onFull: (reason: string) => void,
): () => void {
  let watching = true;
  let timer: NodeJS.Timeout | null = null;
  let atLimit = 0;
  let hostCounter: Promise<(() => number | null) | null> | null = null;
  const read = async () => {
    hostCounter ??= hostProcessCounter(container);
    const counter = await hostCounter;
    const current = counter?.() ?? (await processCount(container));
    if (!watching) return;
    atLimit = current !== null && current >= limit * NEAR_LIMIT ? atLimit + 1 : 0;
    if (atLimit >= READS_AT_LIMIT) {
      watching = false;
      countLimitHit("processes");
      onFull(
        `its processes filled the machine's limit of ${limit} processes, where nothing new can start, so its machine was stopped; the next call starts it again`,
      );
      return;
    }
    timer = setTimeout(read, WATCH_INTERVAL_MS);
    timer.unref();
  };
  timer = setTimeout(read, WATCH_INTERVAL_MS);
  timer.unref();
  return () => {
    watching = false;
    if (timer) clearTimeout(timer);
  };
}

/**
 * The container's pids.current read from its cgroup on this host (the engine runs here: the homes
 * are bound from it), found through its first process; null when it cannot be read here. A file read
 * costs nothing, where the engine's stats take a second per call on Docker 20.10.
 */
async function hostProcessCounter(container: Docker.Container): Promise<(() => number | null) | null> {
  try {
    const { State } = await container.inspect();
    if (!State.Pid) return null;
    const layout = detectCgroupLayout(readFileSync(`/proc/${State.Pid}/cgroup`, "utf8"));
    const file =
      layout.version === 1
        ? pidsFileV1(layout.hierarchies)
        : layout.version === 2
          ? path.join(layout.mount, layout.own, "pids.current")
          : null;
    if (file === null || !existsSync(file)) return null;
    return () => {
      try {
        return Number.parseInt(readFileSync(file, "utf8"), 10);
      } catch {
        return null;
      }
    };
  } catch {
    return null;
  }
}

function pidsFileV1(hierarchies: readonly V1Hierarchy[]): string | null {
  const pids = hierarchies.find((hierarchy) => hierarchy.controllers.includes("pids"));
  return pids === undefined ? null : path.join(pids.mount, pids.own, "pids.current");
}

/** The container's processes and threads now (one sample: Docker's "one-shot", Podman's default). */
async function processCount(container: Docker.Container): Promise<number | null> {
  try {
    const stats = await container.stats({ stream: false, "one-shot": true });
    return stats.pids_stats?.current ?? null;
  } catch {
    return null;
  }
}
