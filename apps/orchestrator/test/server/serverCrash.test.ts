import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { RESTART_REASON } from "../../src/app/startServices.ts";
import { INTERRUPTED_CALL_RESULT } from "../../src/runs/messageContent.ts";
import { cliEnvironment, freePort } from "../cli/cliProcess.ts";
import { GUILDS_BIN, runCli } from "../cli/runCli.ts";
import { sandboxes } from "../toolbox/machineFixture.ts";
import { processesWith, uniqueMarker } from "../toolbox/processScan.ts";
import { frameReader } from "./sseFrames.ts";

/*
 * The issue's reliability promise, with real processes: a server killed with SIGKILL in the middle
 * of a run's shell command, then started again on the same data folder, has lost nothing it stored,
 * has marked the run and the tool call that were in flight interrupted with the restart as reason,
 * has given that call its result (stored, and published as tool.finished before run.ended), and
 * has left no process of the agent's machine behind.
 */

interface Server {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  stderr(): string;
}

interface StreamEvent {
  id: number;
  type: string;
  data: Record<string, unknown>;
}

interface ToolCallView {
  id: string;
  tool: string;
  status: string;
  arguments: { command?: string } | null;
  result: string | null;
  result_seq: number | null;
  error: string | null;
  ended_at: string | null;
}

interface RunDetail {
  id: string;
  status: string;
  status_reason: string | null;
  ended_at: string | null;
  messages: { id: string; seq: number; role: string; content: unknown; created_at: string }[];
  tool_calls: ToolCallView[];
}

const SERVER_UP_MS = 20_000;
const EVENT_WAIT_MS = 20_000;

/** What each test started: ended in afterEach whatever happened. */
let servers: Server[] = [];
let markers: string[] = [];
let homes: string[] = [];

afterEach(async () => {
  for (const server of servers) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) continue;
    server.child.kill("SIGTERM");
    const stopped = await Promise.race([server.exited.then(() => true), delay(10_000).then(() => false)]);
    if (!stopped) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
  }
  // A failed test may leave the sleeping command behind (even inside a sandbox, as another uid).
  for (const marker of markers) {
    for (const pid of processesWith(marker)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
  }
  for (const home of homes) rmSync(home, { recursive: true, force: true });
  servers = [];
  markers = [];
  homes = [];
});

const available = await sandboxes();

test.for(available)(
  "a server killed mid-run loses nothing, marks the run and its tool call interrupted, leaves no process ($label)",
  { timeout: 120_000 },
  async ({ sandbox, skipReason }, context) => {
    if (skipReason !== undefined) context.skip(skipReason);
    const home = mkdtempSync(path.join(tmpdir(), "guilds-crash-"));
    homes.push(home);
    // A bwrap machine runs as another uid when the tests run as root: it must reach the home's folder.
    chmodSync(home, 0o755);
    const environment = { GUILDS_HOME: home, GUILDS_SANDBOX: sandbox };
    const marker = uniqueMarker();
    markers.push(marker);
    // bash -c keeps the marker in its command line, and the sleep runs under the marker's name.
    // It also leaves a process in a session of its own, which no process group's kill reaches: the
    // machine is clean only once that one is gone too.
    const longCommand = `echo $$ > ~/${marker}.pid; setsid -f bash -c 'exec -a ${marker}-escaped sleep 60'; (exec -a ${marker} sleep 60); echo never`;
    const script = path.join(home, "crash-script.json");
    writeFileSync(
      script,
      JSON.stringify({
        steps: [
          {
            type: "reply",
            text: "A quick one first.",
            tool_calls: [{ name: "shell", args: { command: "echo before" } }],
          },
          {
            type: "reply",
            text: "Now a long one.",
            tool_calls: [{ name: "shell", args: { command: longCommand } }],
          },
        ],
        final_text: "Done.",
      }),
    );
    await cli(["guild", "create", "acme"], environment);
    const created = await cli(
      ["agent", "create", "acme", "sleeper", "--provider", "scripted", "--script", script],
      environment,
    );
    const agentId = /\((ag_\w+)\)/.exec(created)?.[1] ?? "";
    expect(agentId).not.toBe("");
    const token = (await cli(["token", "create", "me"], environment)).trim();
    const port = await freePort();

    // The first server: a run up to its second shell command, which is left sleeping.
    const first = await startServe({ ...environment, PORT: String(port) });
    const api = apiOf(first.url, token);
    const started = await api("POST", `/api/agents/${agentId}/runs`, { message: "go" });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const runId = (started.body as { id: string }).id;

    const live = await openEvents(first.url, token, runId);
    const beforeKill: StreamEvent[] = [];
    try {
      await withDeadline(EVENT_WAIT_MS, "the second tool.started", async () => {
        while (beforeKill.filter((event) => event.type === "tool.started").length < 2) {
          beforeKill.push(await live.next());
        }
      });
    } finally {
      await live.close();
    }
    const inFlightStart = beforeKill.at(-1);
    expect(inFlightStart?.data).toMatchObject({ name: "shell", arguments: { command: longCommand } });
    // tool.started is published as the call starts: wait for the command itself to be running.
    await expect
      .poll(() => processesWith(`${marker}-escaped`).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => processesWith(marker).length, { timeout: 10_000 }).toBeGreaterThan(1);
    const storedBeforeKill = (await api("GET", `/api/runs/${runId}`)).body as RunDetail;
    expect(storedBeforeKill.status).toBe("running");
    expect(storedBeforeKill.tool_calls.map((call) => call.status)).toEqual(["completed", "running"]);

    first.child.kill("SIGKILL");
    await first.exited;
    // A bwrap sandbox dies with the server (--die-with-parent); an unconfined command may outlive it.
    const goneWithServer = await waitUntil(() => processesWith(marker).length === 0, 5000);
    const survivors = processesWith(marker).map((pid) => cmdline(pid));
    console.info(
      `[serverCrash ${sandbox}] ${goneWithServer ? "every process of the command died with the killed server" : `left by the killed server, for the restart to end: ${survivors.join(" | ")}`}`,
    );

    // The second server on the same data folder: recovery runs before it listens.
    const second = await startServe({ ...environment, PORT: String(port) });
    await expect.poll(() => processesWith(marker), { timeout: 3000 }).toEqual([]);
    // Nothing of the machine is left: no sandbox or command names the data folder any more.
    expect(processesWith(home)).toEqual([]);

    const after = (await apiOf(second.url, token)("GET", `/api/runs/${runId}`)).body as RunDetail;
    expect(after.status).toBe("interrupted");
    expect(after.status_reason).toBe(RESTART_REASON);
    expect(after.status_reason).toMatch(/restart/);
    expect(after.ended_at).not.toBeNull();

    // Every message stored before the kill is there, unchanged, then the interrupted call's result;
    // seqs 1..n with no gap.
    const keptCount = storedBeforeKill.messages.length;
    expect(after.messages.slice(0, keptCount)).toEqual(storedBeforeKill.messages);
    expect(after.messages).toHaveLength(keptCount + 1);
    expect(after.messages.map((message) => message.seq)).toEqual(after.messages.map((_, index) => index + 1));
    const createdBeforeKill = beforeKill
      .filter((event) => event.type === "message.created")
      .map((event) => ({ seq: event.data.seq, role: event.data.role }));
    expect(after.messages.slice(0, keptCount).map(({ seq, role }) => ({ seq, role }))).toEqual(
      createdBeforeKill,
    );
    expect(createdBeforeKill.map((message) => message.role)).toEqual([
      "operator",
      "assistant",
      "tool",
      "assistant",
    ]);

    // The first call: completed, its result and its result message intact.
    const [done, inFlight] = after.tool_calls;
    expect(after.tool_calls).toHaveLength(2);
    expect(done).toEqual(storedBeforeKill.tool_calls[0]);
    expect(done).toMatchObject({ tool: "shell", status: "completed", arguments: { command: "echo before" } });
    expect(done?.result).toContain("before");
    const resultMessage = after.messages.find((message) => message.seq === done?.result_seq);
    expect(resultMessage?.role).toBe("tool");
    expect(JSON.stringify(resultMessage?.content)).toContain("before");

    // The call in flight: interrupted with the reason, the interruption as its result in the
    // run's last message, and otherwise as it was.
    const interruptedSeq = keptCount + 1;
    expect(inFlight).toMatchObject({
      id: inFlightStart?.data.tool_call_id,
      tool: "shell",
      status: "interrupted",
      error: RESTART_REASON,
      result_seq: interruptedSeq,
      arguments: { command: longCommand },
    });
    expect(inFlight?.result).toContain(INTERRUPTED_CALL_RESULT);
    expect(inFlight?.ended_at).not.toBeNull();
    expect(withoutEnd(inFlight)).toEqual(withoutEnd(storedBeforeKill.tool_calls[1]));
    const interruptedMessage = after.messages.at(-1);
    expect(interruptedMessage).toMatchObject({ seq: interruptedSeq, role: "tool" });
    expect(JSON.stringify(interruptedMessage?.content)).toContain(INTERRUPTED_CALL_RESULT);
    const fetched = await apiOf(second.url, token)("GET", `/api/runs/${runId}/tool-calls/${inFlight?.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({ status: "interrupted", result: inFlight?.result });

    // The stream replays from the start what was stored before the kill, then the interruption.
    const replay = await openEvents(second.url, token, runId, "0");
    const replayed: StreamEvent[] = [];
    try {
      await withDeadline(EVENT_WAIT_MS, "the replayed run.ended", async () => {
        while (replayed.at(-1)?.type !== "run.ended") replayed.push(await replay.next());
      });
    } finally {
      await replay.close();
    }
    expect(replayed.slice(0, beforeKill.length)).toEqual(beforeKill);
    const finished = replayed.filter((event) => event.type === "tool.finished").at(-1);
    expect(replayed.indexOf(finished as StreamEvent)).toBeGreaterThanOrEqual(beforeKill.length);
    expect(finished?.data).toEqual({
      type: "tool.finished",
      run_id: runId,
      tool_call_id: inFlight?.id,
      name: "shell",
      status: "interrupted",
      result: inFlight?.result,
      metadata: {},
      seq: interruptedSeq,
    });
    expect(replayed.at(-1)?.data).toEqual({
      type: "run.ended",
      run_id: runId,
      status: "interrupted",
      reason: RESTART_REASON,
    });
    const ids = replayed.map((event) => event.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);

    // The restarted server still stops cleanly.
    second.child.kill("SIGTERM");
    expect(await second.exited, second.stderr()).toBe(0);
  },
);

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
  } catch {
    return `${pid} (gone)`;
  }
}

/** A CLI call that must succeed; its stdout. */
async function cli(args: string[], environment: Record<string, string>): Promise<string> {
  const run = await runCli(args, environment);
  expect(run.code, `guilds ${args.join(" ")}: ${run.stderr}`).toBe(0);
  return run.stdout;
}

/** `guilds serve` with PORT set, resolved once GET /healthz answers; ended in afterEach. */
async function startServe(environment: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, [GUILDS_BIN, "serve"], {
    env: cliEnvironment(environment),
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const server: Server = { url: `http://127.0.0.1:${environment.PORT}`, child, exited, stderr: () => stderr };
  servers.push(server);
  const up = await waitUntil(
    () =>
      fetch(`${server.url}/healthz`).then(
        (response) => response.status === 200 || child.exitCode !== null,
        () => child.exitCode !== null,
      ),
    SERVER_UP_MS,
  );
  if (!up || child.exitCode !== null) throw new Error(`guilds serve did not come up: ${stderr}`);
  return server;
}

function apiOf(url: string, token: string) {
  return async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
}

/** The run's SSE stream, event by event (heartbeats skipped). */
async function openEvents(url: string, token: string, runId: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/runs/${runId}/events`, {
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "text/event-stream",
      ...(lastEventId === undefined ? {} : { "Last-Event-ID": lastEventId }),
    },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const frames = frameReader(response.body);
  return {
    async next(): Promise<StreamEvent> {
      return parseFrame(await frames.nextEvent());
    },
    async close() {
      controller.abort();
      await frames.cancel().catch(() => undefined);
    },
  };
}

function parseFrame(frame: string): StreamEvent {
  const fields = new Map<string, string>();
  for (const line of frame.split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
  }
  const envelope = JSON.parse(fields.get("data") ?? "null") as { id: number; data: Record<string, unknown> };
  expect(fields.get("id")).toBe(String(envelope.id));
  return { id: envelope.id, type: fields.get("event") ?? "", data: envelope.data };
}

/** A tool call without what its end sets (status, result, error, ended_at, duration_ms). */
function withoutEnd(call: ToolCallView | undefined): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...call };
  for (const key of ["status", "result", "result_seq", "error", "ended_at", "duration_ms"]) delete rest[key];
  return rest;
}

async function withDeadline(ms: number, what: string, work: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  const running = work();
  // Past the deadline the work is abandoned (its stream is closed): its failure then is no news.
  running.catch(() => undefined);
  try {
    await Promise.race([running, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function waitUntil(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await delay(100);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
