import type { Metric } from "prom-client";

/** What a scrape reads of one histogram, as prom-client's own histograms give it. */
interface HistogramSample {
  labels: Record<string, string | number>;
  sharedLabels: Record<string, string>;
  value: number;
  metricName: string;
}

/** One label value's tallies: a count per bucket (not cumulative), their sum and count. */
export interface Tally {
  observe(value: number): void;
}

/**
 * A histogram with one label whose values are known up front, for observations made thousands of
 * times a second (every statement of the store): an observation is a bucket's count and a sum, where
 * prom-client's own histogram validates and hashes its labels at each one. Scraped as prom-client's
 * histograms are (cumulative `_bucket` lines with `le`, then `_sum` and `_count`).
 */
export function createTallyHistogram<Value extends string>(options: {
  name: string;
  help: string;
  labelName: string;
  labelValues: readonly Value[];
  buckets: readonly number[];
  registers: { registerMetric(metric: Metric): void }[];
}): Record<Value, Tally> {
  const { name, labelName, buckets } = options;
  const tallies = options.labelValues.map((labelValue) => ({
    labelValue,
    counts: new Float64Array(buckets.length),
    sum: 0,
    count: 0,
  }));
  /** prom-client's exposition text: `le` first, then the label, as its histograms write them. */
  const samples = () =>
    tallies.flatMap(({ labelValue, counts, sum, count }) => {
      const sharedLabels = { [labelName]: labelValue };
      const bucket = (le: number | string, value: number): HistogramSample => ({
        labels: { le },
        sharedLabels,
        value,
        metricName: `${name}_bucket`,
      });
      let below = 0;
      const lines = buckets.map((bound, index) => {
        below += counts[index] ?? 0;
        return bucket(bound, below);
      });
      lines.push(
        bucket("+Inf", count),
        { labels: {}, sharedLabels, value: sum, metricName: `${name}_sum` },
        { labels: {}, sharedLabels, value: count, metricName: `${name}_count` },
      );
      return lines;
    });
  const described = (values: unknown[]) => ({
    name,
    help: options.help,
    type: "histogram",
    aggregator: "sum",
    values,
  });
  const metric = {
    name,
    help: options.help,
    type: "histogram",
    aggregator: "sum",
    getForPromString: async () => described(samples()),
    get: async () =>
      described(
        samples().map(({ labels, sharedLabels, value, metricName }) => ({
          labels: { ...labels, ...sharedLabels },
          value,
          metricName,
        })),
      ),
    reset: () => {
      for (const tally of tallies) {
        tally.counts.fill(0);
        tally.sum = 0;
        tally.count = 0;
      }
    },
  };
  // prom-client's registry reads a metric through getForPromString() or get(), and reset().
  for (const registry of options.registers) registry.registerMetric(metric as unknown as Metric);
  return Object.fromEntries(
    tallies.map((tally) => [
      tally.labelValue,
      {
        observe(value: number) {
          tally.sum += value;
          tally.count += 1;
          for (let index = 0; index < buckets.length; index += 1) {
            if (value <= (buckets[index] as number)) {
              (tally.counts[index] as number) += 1;
              return;
            }
          }
        },
      },
    ]),
  ) as Record<Value, Tally>;
}
