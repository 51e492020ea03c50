import { Histogram, Registry } from "prom-client";
import { expect, test } from "vitest";
import { createTallyHistogram } from "../../src/metrics/tallyHistogram.ts";

/* A tallied histogram scrapes exactly as prom-client's own Histogram with the same observations. */

const BUCKETS = [0.001, 0.01, 0.1, 1];
const observations: [string, number][] = [
  ["select", 0.0004],
  ["select", 0.001],
  ["select", 0.05],
  ["insert", 0.2],
  ["insert", 7],
  ["select", 0.0099],
];

test("the same text as prom-client's Histogram, reset included", async () => {
  const theirs = new Registry();
  const ours = new Registry();
  const histogram = new Histogram({
    name: "guilds_test_seconds",
    help: "A test",
    labelNames: ["statement"] as const,
    buckets: BUCKETS,
    registers: [theirs],
  });
  const tallies = createTallyHistogram({
    name: "guilds_test_seconds",
    help: "A test",
    labelName: "statement",
    labelValues: ["select", "insert", "other"],
    buckets: BUCKETS,
    registers: [ours],
  });
  for (const [statement, seconds] of observations) {
    histogram.observe({ statement }, seconds);
    tallies[statement as "select" | "insert"].observe(seconds);
  }
  // prom-client shows a label value once observed, in that order: ours shows every one, in its order.
  histogram.observe({ statement: "other" }, 0);
  tallies.other.observe(0);
  expect(await ours.metrics()).toBe(await theirs.metrics());
  expect(await ours.metrics()).toContain('guilds_test_seconds_bucket{le="0.01",statement="select"} 3');
  // prom-client's JSON has an empty exemplar on each line besides.
  const json = async (registry: Registry) =>
    JSON.parse(
      JSON.stringify(await registry.getMetricsAsJSON(), (key, value) =>
        key === "exemplar" ? undefined : value,
      ),
    );
  expect(await json(ours)).toEqual(await json(theirs));

  ours.resetMetrics();
  expect(await ours.metrics()).toContain('guilds_test_seconds_count{statement="select"} 0');
});
