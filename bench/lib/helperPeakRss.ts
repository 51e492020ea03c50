import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { Machine } from "../../apps/orchestrator/src/machines/machine.ts";
import {
  createHelperTransport,
  type HelperTransport,
} from "../../apps/orchestrator/src/toolbox/helperTransport.ts";
import { execInside } from "./execInside.ts";

/** The folder in the home the probe lives in; its `out/` gets one file per helper. */
const PROBE_FOLDER = ".bench-rss";

/**
 * Preloaded into the real helper (`node --import probe.mjs guilds-code ...`): a one-shot helper
 * writes its own VmHWM (peak resident set) from /proc/self/status as it exits; a long-lived one
 * notes its pid, and its status is read while it runs (it is stopped with SIGTERM, no exit hook).
 */
const PROBE_SOURCE = `import { readFileSync, writeFileSync } from "node:fs";
const out = new URL("./out/", import.meta.url);
if (process.argv[2] === "serve") writeFileSync(new URL(process.pid + ".serve", out), "");
process.on("exit", () => {
  const status = readFileSync("/proc/self/status", "utf8");
  const peak = /^VmHWM:\\s+(\\d+) kB/m.exec(status);
  if (peak) writeFileSync(new URL(process.pid + ".hwm", out), peak[1]);
});
`;

/** The guilds-code helper's own peak RSS, measured inside the machine, in MiB. */
export class HelperPeakRss {
  private readonly outHost: string;
  private readonly probeInside: string;
  /** One helper per call, each preloaded with the probe: for measuring, not for timing. */
  readonly probedOneShot: HelperTransport;

  constructor(
    private readonly machine: Machine,
    homeHost: string,
  ) {
    this.outHost = path.join(homeHost, PROBE_FOLDER, "out");
    this.probeInside = path.posix.join(machine.home, PROBE_FOLDER, "probe.mjs");
    this.probedOneShot = createHelperTransport({
      mode: "one-shot",
      helperCommand: () => this.helperCommand(),
    });
  }

  /** Writes the probe into the home, as the machine's own user. */
  async install(): Promise<void> {
    const folder = path.posix.join(this.machine.home, PROBE_FOLDER, "out");
    const made = await execInside(this.machine, ["mkdir", "-p", folder]);
    if (made.code !== 0) throw new Error(`could not make ${folder} in the machine: ${made.stderr}`);
    await this.machine.writeFile(this.probeInside, PROBE_SOURCE, 0o644);
  }

  /** The machine's own helper command with the probe preloaded into its Node. */
  helperCommand(): string[] {
    const [node, ...rest] = this.machine.helperCommand("guilds-code");
    if (node === undefined || path.basename(node) !== "node") {
      throw new Error(`the helper command does not start with node, cannot preload the probe: ${node}`);
    }
    return [node, "--import", `file://${this.probeInside}`, ...rest];
  }

  /** The peaks of the one-shot helpers that exited since the last take, largest first; then forgets them. */
  takeOneShotPeaks(): number[] {
    const peaks: number[] = [];
    for (const name of readdirSync(this.outHost)) {
      if (!name.endsWith(".hwm")) continue;
      const file = path.join(this.outHost, name);
      peaks.push(Number(readFileSync(file, "utf8")) / 1024);
      rmSync(file, { force: true });
    }
    return peaks.sort((a, b) => b - a);
  }

  /** VmHWM of the running long-lived helper(s) started with helperCommand(); undefined if none runs. */
  async sessionPeakMib(): Promise<number | undefined> {
    let peak: number | undefined;
    mkdirSync(this.outHost, { recursive: true });
    for (const name of readdirSync(this.outHost)) {
      if (!name.endsWith(".serve")) continue;
      const pid = name.slice(0, -".serve".length);
      const status = await execInside(this.machine, ["cat", `/proc/${pid}/status`]);
      const match = /^VmHWM:\s+(\d+) kB/m.exec(status.stdout.toString("utf8"));
      if (status.code !== 0 || !match?.[1]) continue;
      const mib = Number(match[1]) / 1024;
      peak = Math.max(peak ?? 0, mib);
    }
    return peak;
  }
}
