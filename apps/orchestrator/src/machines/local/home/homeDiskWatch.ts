import { execFile } from "node:child_process";
import { formatByteSize } from "@guilds/protocol/byteSize";
import { countLimitHit } from "../../../metrics/limitHitMetrics.ts";

/** How often a running machine's home is measured; longer when measuring takes long (a huge home). */
const WATCH_INTERVAL_MS = 5_000;
/** A measure may take this share of the time at most. */
const MEASURE_SHARE = 20;
const MEASURE_TIMEOUT_MS = 60_000;

export interface HomeDiskWatch {
  /** Measures now (and then every few seconds while the machine runs). */
  start(): void;
  stop(): void;
  /** The home's size in bytes, as last measured; null before the first measure. */
  lastUsage(): number | null;
}

/**
 * The agent home's disk limit where the kernel does not enforce one: the home is measured while the
 * machine runs, and when it is past its limit and has grown since the last measure, `onOver` is
 * told why (the machine is then stopped). An agent already past its limit can still start its
 * machine and delete files; what it cannot do is grow the home further.
 */
export function watchHomeDisk(
  home: string,
  limitBytes: () => number,
  onOver: (reason: string) => void,
): HomeDiskWatch {
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let last: number | null = null;

  const schedule = (delayMs: number) => {
    if (!running) return;
    timer = setTimeout(measure, delayMs);
    timer.unref();
  };

  const measure = async () => {
    const started = Date.now();
    const used = await homeUsage(home);
    if (!running) return;
    const limit = limitBytes();
    // The first measure of a start is the baseline: a home already past its limit may shrink.
    const grew = last !== null && used !== null && used > last;
    if (used !== null) last = used;
    if (used !== null && used > limit && grew) {
      running = false;
      countLimitHit("disk");
      onOver(
        `the agent home uses ${formatByteSize(used)}, past its disk limit of ${formatByteSize(limit)}, so its machine was stopped; delete files from the home (the next call starts the machine again), or raise the agent's disk limit`,
      );
      return;
    }
    schedule(Math.max(WATCH_INTERVAL_MS, MEASURE_SHARE * (Date.now() - started)));
  };

  return {
    start() {
      if (running) return;
      running = true;
      last = null;
      void measure();
    },
    stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    lastUsage: () => last,
  };
}

/** `du` of the home in bytes of disk used, this filesystem only (a bind or mount inside is not counted). */
export function homeUsage(home: string): Promise<number | null> {
  return new Promise((resolve) => {
    execFile(
      "du",
      ["-s", "-x", "-B1", home],
      { env: { PATH: "/usr/bin:/bin", LC_ALL: "C" }, timeout: MEASURE_TIMEOUT_MS, maxBuffer: 1 << 20 },
      (_error, stdout) => {
        // du exits 1 when a file vanished under it; its total is still right.
        const bytes = Number.parseInt(stdout.split("\t")[0] ?? "", 10);
        resolve(Number.isSafeInteger(bytes) ? bytes : null);
      },
    );
  });
}
