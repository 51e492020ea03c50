// /metrics of a real `guilds serve`: a scripted agent's run calls tools, and the counters move by
// exactly what happened; the labels stay bounded and hold nothing secret.
import { networkInterfaces } from "node:os";
import { expect, test } from "vitest";
import { apiOf, openRunEvents } from "./liveServe.ts";
import { labelValues, parseMetrics, type Sample, sampleValue } from "./metricsText.ts";
import { cli, scriptedAgent, useServeCase } from "./serveCases.ts";
import { rawRequest, serveApp } from "./servedApp.ts";

const serveCase = useServeCase();

const METRICS_TOKEN = "metrics-token-0123456789abcdef";
const SECRET_VALUE = "sk-very-secret-value-4242";
const MESSAGE_MARKER = "operator-message-marker-9731";

test("the counters, histograms and gauges of a run with tool calls; bounded labels, nothing secret", async () => {
  const home = serveCase.home("guilds-metrics-");
  const { environment, agentId, token, port } = await scriptedAgent(home, "unconfined", {
    steps: [
      // Time for the test to open the run's stream: the rest of its events are delivered live.
      {
        type: "reply",
        text: "Looking.",
        delay_ms: 1000,
        tool_calls: [{ name: "shell", args: { command: "echo one" } }],
      },
      {
        type: "reply",
        tool_calls: [{ name: "shell", args: { command: `echo "$SERVICE_KEY" >/dev/null; echo two` } }],
      },
      { type: "reply", tool_calls: [{ name: "no_such_tool_8842", args: {} }] },
      {
        type: "reply",
        tool_calls: [{ name: "shell", args: { command: "python3 -c 'bytearray(1024 ** 3)'" } }],
      },
    ],
    final_text: "Done.",
  });
  await cli(["agent", "update", "acme/sleeper", "--memory", "256M"], environment);
  await cli(["secret", "set", "acme", "SERVICE_KEY", "--from-env", "SERVICE_VALUE"], {
    ...environment,
    SERVICE_VALUE: SECRET_VALUE,
  });
  const server = await serveCase.serve({
    ...environment,
    PORT: String(port),
    GUILDS_METRICS_TOKEN: METRICS_TOKEN,
  });
  const scrape = async (): Promise<{ text: string; samples: Sample[] }> => {
    const answer = await fetch(`${server.url}/metrics`, {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    const text = await answer.text();
    return { text, samples: parseMetrics(text) };
  };

  const api = apiOf(server.url, token);
  const started = await api("POST", `/api/agents/${agentId}/runs`, { message: `go ${MESSAGE_MARKER}` });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const runId = (started.body as { id: string }).id;
  const stream = await openRunEvents(server.url, token, runId);
  const opened = (await scrape()).samples;
  expect(sampleValue(opened, "guilds_sse_subscribers")).toBe(1);
  expect(sampleValue(opened, "guilds_runs", { status: "running" })).toBe(1);
  for (;;) {
    const event = await stream.next();
    if (event === undefined || event.type === "run.ended") break;
  }
  stream.close();
  for (const path of ["/api/runs/nope-1", "/api/nope-2", "/metrics/nope-3"]) {
    expect(
      (await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(404);
  }
  await expect.poll(async () => sampleValue((await scrape()).samples, "guilds_sse_subscribers")).toBe(0);

  const { text, samples } = await scrape();
  const value = (name: string, labels: Record<string, string> = {}) => sampleValue(samples, name, labels);
  // The run and its calls, exactly.
  expect(value("guilds_runs_started_total")).toBe(1);
  expect(value("guilds_runs_ended_total", { status: "completed" })).toBe(1);
  expect(value("guilds_runs", { status: "completed" })).toBe(1);
  expect(value("guilds_runs", { status: "running" })).toBe(0);
  expect(value("guilds_tool_calls_total", { tool: "shell", status: "completed" })).toBe(3);
  expect(value("guilds_tool_calls_total", { tool: "unknown", status: "failed" })).toBe(1);
  expect(labelValues(samples, "guilds_tool_calls_total", "tool").sort()).toEqual(["shell", "unknown"]);
  expect(value("guilds_tool_call_duration_seconds_count", { tool: "shell" })).toBe(3);
  expect(value("guilds_tool_call_duration_seconds_bucket", { tool: "shell", le: "+Inf" })).toBe(3);
  expect(value("guilds_tool_call_duration_seconds_sum", { tool: "shell" })).toBeGreaterThan(0);
  // The memory hog ran into the agent's 256 MiB.
  expect(value("guilds_machine_limit_hits_total", { limit: "memory" })).toBe(1);
  // One machine start, still running (its idle stop is minutes away).
  expect(value("guilds_machine_start_duration_seconds_count")).toBe(1);
  expect(value("guilds_machines_running")).toBe(1);
  expect(value("guilds_machines_starting")).toBe(0);
  // The stream saw the run's events live.
  expect(value("guilds_event_delivery_delay_seconds_count")).toBeGreaterThanOrEqual(8);
  expect(value("guilds_store_query_duration_seconds_count", { statement: "select" })).toBeGreaterThan(0);
  expect(value("guilds_store_query_duration_seconds_count", { statement: "insert" })).toBeGreaterThan(0);
  // HTTP by route pattern; the 404s share one label, whatever their paths.
  expect(
    value("guilds_http_requests_total", {
      method: "POST",
      route: "/api/agents/{agentId}/runs",
      status: "201",
    }),
  ).toBe(1);
  expect(
    value("guilds_http_requests_total", { method: "GET", route: "/api/runs/{runId}/events", status: "200" }),
  ).toBe(1);
  expect(
    value("guilds_http_requests_total", { method: "GET", route: "/api/runs/{runId}", status: "404" }),
  ).toBe(1);
  expect(value("guilds_http_requests_total", { method: "GET", route: "unmatched", status: "404" })).toBe(2);
  expect(
    value("guilds_http_request_duration_seconds_count", { method: "GET", route: "/metrics" }),
  ).toBeGreaterThanOrEqual(2);
  for (const route of labelValues(samples, "guilds_http_requests_total", "route")) {
    expect(route).not.toMatch(/nope|run_|ag_/);
  }
  // Node's own, prefixed.
  expect(value("guilds_process_cpu_user_seconds_total")).toBeGreaterThan(0);
  expect(value("guilds_nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
  // Nothing secret, and no id.
  for (const secret of [METRICS_TOKEN, token, SECRET_VALUE, MESSAGE_MARKER, agentId, runId, home]) {
    expect(text).not.toContain(secret);
  }
});

test("GUILDS_METRICS_TOKEN: /metrics wants it as the bearer token, an operator token is not it", async () => {
  const home = serveCase.home("guilds-metrics-token-");
  const { environment, token, port } = await scriptedAgent(home, "unconfined", { steps: [] });
  const server = await serveCase.serve({
    ...environment,
    PORT: String(port),
    GUILDS_METRICS_TOKEN: METRICS_TOKEN,
  });
  const metrics = (authorization?: string) =>
    fetch(
      `${server.url}/metrics`,
      authorization === undefined ? {} : { headers: { Authorization: authorization } },
    );
  expect(((await (await metrics()).json()) as { error: { code: string } }).error.code).toBe("auth.missing");
  for (const wrong of [`Bearer ${token}`, `Bearer ${METRICS_TOKEN}x`, METRICS_TOKEN]) {
    const answer = await metrics(wrong);
    expect([answer.status, ((await answer.json()) as { error: { code: string } }).error.code]).toEqual([
      401,
      "auth.invalid",
    ]);
  }
  expect((await metrics(`Bearer ${METRICS_TOKEN}`)).status).toBe(200);
  expect(server.stderr()).not.toContain(METRICS_TOKEN);
});

const outside = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry !== undefined && !entry.internal && entry.family === "IPv4");

test.skipIf(outside === undefined)(
  "without GUILDS_METRICS_TOKEN, /metrics answers this host alone",
  async () => {
    const served = await serveApp(() => ({}), "0.0.0.0");
    try {
      const address = outside?.address ?? "";
      const fromOutside = await rawRequest(served.port, "GET", "/metrics", {}, address);
      expect([fromOutside.status, JSON.parse(fromOutside.body.toString()).error.code]).toEqual([
        403,
        "auth.forbidden",
      ]);
      const fromHere = await rawRequest(served.port, "GET", "/metrics");
      expect(fromHere.status).toBe(200);
      expect(fromHere.body.toString()).toContain("# TYPE guilds_http_requests_total counter");
    } finally {
      await served.close();
    }
  },
);
