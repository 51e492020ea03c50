/** Percentiles of a bench's samples: nearest rank on the sorted values, so p50 of n=2 is the lower one. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

export function summarize(values: readonly number[]): Summary {
  const total = values.reduce((sum, value) => sum + value, 0);
  return {
    n: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    mean: values.length === 0 ? Number.NaN : total / values.length,
  };
}

/** Three significant figures, enough for ratios and milliseconds on a noisy machine. */
export function round3(value: number): number {
  if (!Number.isFinite(value)) return value;
  return Number(value.toPrecision(3));
}
