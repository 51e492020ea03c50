import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { detectCgroupLayout } from "../../src/machines/cgroups/cgroupLayout.ts";

/** Enough for a test's server, its machines and their helpers; far below what the host has. */
const SAFETY_PIDS = 4096;
const SAFETY_MEMORY_BYTES = 6 * 1024 ** 3;

export interface SafetyCgroup {
  /** Which layout the suite runs on, for the test names and the log. */
  readonly layout: "cgroup v1" | "cgroup v2";
  /** Moves this process back where it was and removes the group (once everything in it ended). */
  leave(): void;
}

/**
 * Moves this test process into a cgroup of its own with a process and memory ceiling before an
 * attack runs, so that a regression in the machines' limits (a fork bomb, a memory hog that
 * escapes its machine) fails the test instead of taking the host down. Everything the test then
 * starts, the machines' own groups included (they are made under the server's group), is inside.
 * Null (with the reason) where no cgroup can be written: the attacks are then not run.
 */
export function enterSafetyCgroup(): SafetyCgroup | { reason: string } {
  if (process.getuid?.() !== 0) return { reason: "the attack suite needs root to make its safety cgroup" };
  const layout = detectCgroupLayout();
  if (layout.version === null) return { reason: `no usable cgroup here: ${layout.reason}` };
  const name = `guilds-test-safety-${process.pid}`;
  const moves =
    layout.version === 1
      ? layout.hierarchies
          .filter((hierarchy) => hierarchy.controllers.some((name) => name === "pids" || name === "memory"))
          .map((hierarchy) => ({
            own: path.join(hierarchy.mount, hierarchy.own),
            controllers: hierarchy.controllers,
          }))
      : [{ own: path.join(layout.mount, layout.own), controllers: ["pids", "memory"] as const }];
  for (const move of moves) {
    const dir = path.join(move.own, name);
    mkdirSync(dir, { recursive: true });
    if (move.controllers.some((controller) => controller === "pids"))
      writeFileSync(path.join(dir, "pids.max"), String(SAFETY_PIDS));
    if (move.controllers.some((controller) => controller === "memory")) {
      const file = layout.version === 1 ? "memory.limit_in_bytes" : "memory.max";
      writeFileSync(path.join(dir, file), String(SAFETY_MEMORY_BYTES));
    }
    writeFileSync(path.join(dir, "cgroup.procs"), String(process.pid));
  }
  return {
    layout: layout.version === 1 ? "cgroup v1" : "cgroup v2",
    leave() {
      for (const move of moves) {
        writeFileSync(path.join(move.own, "cgroup.procs"), String(process.pid));
        const dir = path.join(move.own, name);
        const left = existsSync(dir) ? readFileSync(path.join(dir, "cgroup.procs"), "utf8").trim() : "";
        if (left !== "") continue;
        // The machines' parent group stays after their own groups went.
        for (const empty of [path.join(dir, "guilds"), dir]) {
          try {
            rmdirSync(empty);
          } catch {}
        }
      }
    },
  };
}
