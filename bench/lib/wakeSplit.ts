import { performance } from "node:perf_hooks";
import type { Machine } from "../../apps/orchestrator/src/machines/machine.ts";
import type { HelperTransport } from "../../apps/orchestrator/src/toolbox/helperTransport.ts";
import { percentile, round3 } from "./stats.ts";

/** A machine's start and its first call, timed apart (the bench's arm times the two together). */
export class WakeSplit {
  private readonly starts: number[] = [];
  private readonly calls: number[] = [];

  constructor(private readonly firstCall: (machine: Machine, helpers: HelperTransport) => Promise<void>) {}

  async time(machine: Machine, helpers: HelperTransport): Promise<void> {
    const before = performance.now();
    await machine.start();
    const started = performance.now();
    await this.firstCall(machine, helpers);
    this.starts.push(started - before);
    this.calls.push(performance.now() - started);
  }

  /** p50s over the last `measured` wakes (the warm-up rounds come first). */
  p50s(measured: number): { start_p50_ms: number; first_call_p50_ms: number } {
    return {
      start_p50_ms: round3(percentile(this.starts.slice(-measured), 50)),
      first_call_p50_ms: round3(percentile(this.calls.slice(-measured), 50)),
    };
  }
}
