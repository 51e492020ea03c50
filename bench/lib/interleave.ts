import { performance } from "node:perf_hooks";

/** One side of a comparison: the baseline or a variant. `run` does one operation and is timed whole. */
export interface Arm {
  name: string;
  run(): Promise<void>;
  /** Untimed work after each operation (deleting a 1 GiB log), never counted. */
  after?(): Promise<void>;
}

export interface Bounds {
  /** Rounds run first and discarded (caches, JIT, the long-lived helper's start). */
  warmupRounds: number;
  /** Measured rounds run even when maxSeconds has passed. */
  minRounds: number;
  maxRounds: number;
  /** The measured rounds stop once this much time has passed (after minRounds). */
  maxSeconds: number;
}

export interface ArmSamples {
  /** Wall milliseconds, one per measured round. */
  wallMs: number[];
  /** This process's CPU milliseconds (user + system), one per measured round: the orchestrator's side. */
  cpuMs: number[];
}

/**
 * Runs the arms round by round (A B C A B C ...), so that whatever else the shared machine does
 * falls on every arm alike. The order rotates each round: no arm always follows the same one.
 */
export async function interleave(arms: readonly Arm[], bounds: Bounds): Promise<Map<string, ArmSamples>> {
  const samples = new Map<string, ArmSamples>(arms.map((arm) => [arm.name, { wallMs: [], cpuMs: [] }]));
  for (let round = 0; round < bounds.warmupRounds; round += 1) {
    for (const arm of rotated(arms, round)) {
      await arm.run();
      await arm.after?.();
    }
  }
  const started = performance.now();
  for (let round = 0; round < bounds.maxRounds; round += 1) {
    const elapsedSeconds = (performance.now() - started) / 1000;
    if (round >= bounds.minRounds && elapsedSeconds > bounds.maxSeconds) break;
    for (const arm of rotated(arms, round)) {
      const cpuBefore = process.cpuUsage();
      const before = performance.now();
      await arm.run();
      const wall = performance.now() - before;
      const cpu = process.cpuUsage(cpuBefore);
      const armSamples = samples.get(arm.name);
      armSamples?.wallMs.push(wall);
      armSamples?.cpuMs.push((cpu.user + cpu.system) / 1000);
      await arm.after?.();
    }
  }
  return samples;
}

function rotated<T>(items: readonly T[], by: number): T[] {
  const shift = by % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}
