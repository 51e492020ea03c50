import type { ArmSamples } from "./interleave.ts";
import { percentile } from "./stats.ts";

/** The helper transports a bench compares: its arms are named after them, beside "baseline". */
export type Transport = "session" | "one-shot";

export interface TransportCase {
  variant: Transport;
  samples: ArmSamples;
  /** Its p50 over the baseline's p50. */
  ratio: number;
  /** The helper's peak RSS (MiB) on this transport, when it was measured. */
  peak: number | undefined;
}

/** The baseline's samples, then each transport's samples, ratio to the baseline and helper peak RSS. */
export function transportCases(
  samples: Map<string, ArmSamples>,
  peaks: Record<Transport, number | undefined>,
): { baselineSamples: ArmSamples; cases: TransportCase[] } {
  const baselineSamples = samples.get("baseline");
  if (!baselineSamples) throw new Error("no baseline samples");
  const cases = (["session", "one-shot"] as const).map((variant) => {
    const variantSamples = samples.get(variant);
    if (!variantSamples) throw new Error(`no samples for ${variant}`);
    const ratio = percentile(variantSamples.wallMs, 50) / percentile(baselineSamples.wallMs, 50);
    return { variant, samples: variantSamples, ratio, peak: peaks[variant] };
  });
  return { baselineSamples, cases };
}
