import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { cliEnvironment, freePort } from "../cli/cliProcess.ts";
import { GUILDS_BIN, runCli } from "../cli/runCli.ts";
import { logLines } from "../support/serverLog.ts";
import { sandboxes } from "../toolbox/machineFixture.ts";
import { apiOf, openRunEvents, stopServe } from "./liveServe.ts";
import { eventsUntil, scriptedAgent, useServeCase } from "./serveCases.ts";

/*
 * The log of a real `guilds serve` whose stderr is a pipe: JSON lines through pino, a request id
 * taken or made and on its request's line and every line of the run it starts, a line per request (an event stream's when it
 * ends), per run start and end and per tool call; no secret and no token in any line. On a
 * terminal (util-linux's `script` gives it one) the same lines are readable, not JSON.
 */

const SECRET = "log-secret-value-5531";
const RUN_WAIT_MS = 30_000;

const bwrap = (await sandboxes()).find(
  (option) => option.sandbox === "bwrap" && option.skipReason === undefined,
);
const sandbox = bwrap?.sandbox ?? "unconfined";

const serveCase = useServeCase();

test(`JSON lines: request ids, a line per request, run and tool call lines, no secret and no token (${sandbox})`, {
  timeout: 120_000,
}, async () => {
  const home = serveCase.home("guilds-logs-");
  const agent = await scriptedAgent(home, sandbox, {
    steps: [
      {
        type: "reply",
        text: "Looking.",
        tool_calls: [{ name: "shell", args: { command: 'echo "the key is $DEPLOY_KEY"' } }],
      },
    ],
    final_text: "Done.",
  });
  const set = await runCli(["secret", "set", "acme/sleeper", "DEPLOY_KEY"], agent.environment, SECRET);
  expect(set.code, set.stderr).toBe(0);
  const server = await serveCase.serve({ ...agent.environment, PORT: String(agent.port) });
  const api = apiOf(server.url, agent.token);

  const probe = await fetch(`${server.url}/healthz`, { headers: { "X-Request-Id": "abc-123" } });
  expect(probe.headers.get("X-Request-Id")).toBe("abc-123");
  const listed = await fetch(`${server.url}/api/guilds`, {
    headers: { Authorization: `Bearer ${agent.token}` },
  });
  const madeId = listed.headers.get("X-Request-Id") ?? "";
  expect(madeId).toMatch(/^[0-9a-f-]{36}$/);
  // A secret where a log line would hold it: the path, the request id.
  const secretPath = await fetch(`${server.url}/api/guilds/${SECRET}?token=${agent.token}`, {
    headers: { Authorization: `Bearer ${agent.token}`, "X-Request-Id": SECRET },
  });
  expect(secretPath.status).toBe(404);
  const insane = await fetch(`${server.url}/healthz`, { headers: { "X-Request-Id": 'a b"c' } });
  expect(insane.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);

  const started = await fetch(`${server.url}/api/agents/${agent.agentId}/runs`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${agent.token}`,
      "Content-Type": "application/json",
      "X-Request-Id": "run-start-7",
    },
    body: JSON.stringify({ message: "go" }),
  });
  expect(started.status).toBe(201);
  const runId = String(((await started.json()) as { id: string }).id);
  const live = await openRunEvents(server.url, agent.token, runId, 0);
  const seen = await eventsUntil(live, "run.ended", RUN_WAIT_MS);
  live.close();
  // The shell call echoed the secret, and its result holds it redacted.
  expect(JSON.stringify(seen.find((event) => event.type === "tool.finished")?.data)).toContain(
    "the key is [redacted]",
  );
  expect((await api("GET", `/api/runs/${runId}`)).body.status).toBe("completed");

  await stopServe(server);
  expect(await server.exited).toBe(0);
  const stderr = server.stderr();
  const lines = logLines(stderr);
  for (const line of lines) {
    expect(line).toEqual(
      expect.objectContaining({
        level: expect.any(String),
        time: expect.any(String),
        msg: expect.any(String),
      }),
    );
  }
  expect(stderr).not.toContain(SECRET);
  expect(stderr).not.toContain(agent.token);

  const requests = lines.filter((line) => line.msg === "request completed");
  const requestOf = (path: string) => requests.filter((line) => line.path === path);
  expect(requestOf("/healthz")).toContainEqual(
    expect.objectContaining({ method: "GET", route: "/healthz", status: 200, request_id: "abc-123" }),
  );
  expect(lines.filter((line) => JSON.stringify(line).includes("abc-123"))).toEqual([
    expect.objectContaining({ request_id: "abc-123", msg: "request completed" }),
  ]);
  expect(requestOf("/api/guilds")).toEqual([
    expect.objectContaining({ route: "/api/guilds", status: 200, request_id: madeId }),
  ]);
  expect(requestOf("/api/guilds/[redacted]")).toEqual([
    expect.objectContaining({ route: "/api/guilds/:guildId", status: 404, request_id: "[redacted]" }),
  ]);
  expect(requestOf(`/api/agents/${agent.agentId}/runs`)).toEqual([
    expect.objectContaining({
      method: "POST",
      route: "/api/agents/:agentId/runs",
      status: 201,
      request_id: "run-start-7",
    }),
  ]);
  // The event stream's line comes when it ends, with how long it was open.
  const stream = requestOf(`/api/runs/${runId}/events`);
  expect(stream).toEqual([
    expect.objectContaining({
      route: "/api/runs/:runId/events",
      status: 200,
      duration_ms: expect.any(Number),
    }),
  ]);
  expect(stream[0]?.bytes_sent).toBeGreaterThan(0);
  for (const line of requests) expect(line.duration_ms).toEqual(expect.any(Number));

  const ofRun = lines.filter((line) => line.run_id === runId);
  expect(ofRun.map((line) => line.msg)).toEqual(["run started", "tool call ended", "run ended"]);
  expect(ofRun[0]).toMatchObject({ agent_id: agent.agentId, request_id: "run-start-7" });
  expect(ofRun[1]).toMatchObject({
    request_id: "run-start-7",
    tool: "shell",
    status: "completed",
    exit_code: 0,
    duration_ms: expect.any(Number),
  });
  expect(ofRun[2]).toMatchObject({
    request_id: "run-start-7",
    agent_id: agent.agentId,
    status: "completed",
    tool_calls: 1,
    duration_ms: expect.any(Number),
  });
  expect(lines.map((line) => line.msg)).toContain(
    "guilds is stopping: ending runs interrupted, stopping machines",
  );
});

test("GUILDS_LOG_LEVEL: warn writes no request line; a level that is none is refused at start", async () => {
  const home = serveCase.home("guilds-log-level-");
  const port = String(await freePort());
  const quiet = await serveCase.serve({ GUILDS_HOME: home, PORT: port, GUILDS_LOG_LEVEL: "warn" });
  expect((await fetch(`${quiet.url}/healthz`)).status).toBe(200);
  await stopServe(quiet);
  expect(quiet.stderr()).not.toContain("request completed");
  expect(quiet.stderr()).not.toContain("guilds is listening");

  const refused = await runCli(["serve"], { GUILDS_HOME: home, PORT: port, GUILDS_LOG_LEVEL: "loud" });
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain(
    "GUILDS_LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent",
  );
});

const hasScript = spawnSync("script", ["--version"]).status === 0;

test.skipIf(!hasScript)(
  "on a terminal the lines are readable: the banner as it was, a request as words",
  {
    timeout: 60_000,
  },
  async () => {
    const home = serveCase.home("guilds-log-terminal-");
    const port = await freePort();
    const command = `exec '${process.execPath}' '${GUILDS_BIN}' serve --port ${port}`;
    const terminal = spawn("script", ["-qfec", command, "/dev/null"], {
      env: cliEnvironment({ GUILDS_HOME: home }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    terminal.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    const exited = new Promise((resolve) => terminal.once("exit", resolve));
    try {
      await expect.poll(() => output, { timeout: 20_000 }).toContain("guilds is listening");
      await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { "X-Request-Id": "tty-1" } });
      await expect.poll(() => output, { timeout: 5_000 }).toContain("request_id=tty-1");
    } finally {
      // script's child is the server (exec): stopped as an operator would, by its pid.
      const serverPid = readFileSync(`/proc/${terminal.pid}/task/${terminal.pid}/children`, "utf8").trim();
      if (serverPid !== "") process.kill(Number(serverPid), "SIGTERM");
      else terminal.kill("SIGTERM");
      await exited;
    }
    const lines = output.split(/\r?\n/).filter((line) => line !== "");
    expect(lines.filter((line) => line.startsWith("{"))).toEqual([]);
    expect(lines).toContain(`guilds is listening on http://127.0.0.1:${port} (data in ${home})`);
    expect(lines).toContain("guilds is stopping: ending runs interrupted, stopping machines");
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\[guilds\] \d\d:\d\d:\d\d request completed request_id=tty-1 method=GET route=\/healthz path=\/healthz status=200 duration_ms=\d+ bytes_sent=\d+$/,
      ),
    );
  },
);
