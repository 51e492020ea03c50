import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { RESTART_REASON } from "../../src/app/startServices.ts";
import { INTERRUPTED_CALL_RESULT } from "../../src/runs/messageContent.ts";
import { sandboxes } from "../toolbox/machineFixture.ts";
import { processesWith } from "../toolbox/processScan.ts";
import { apiOf, openRunEvents, type StreamEvent } from "./liveServe.ts";
import { scriptedAgent, useServeCase, withDeadline } from "./serveCases.ts";

/*
 * The issue's reliability promise, with real processes: a server killed with SIGKILL in the middle
 * of a run's shell command, then started again on the same data folder, has lost nothing it stored,
 * has marked the run and the tool call that were in flight interrupted with the restart as reason,
 * has given that call its result (stored, and published as tool.finished before run.ended), and
 * has left no process of the agent's machine behind.
 */

type ToolCallView = {
  id: string;
  tool: string;
  status: string;
  arguments: { command?: string } | null;
  result: string | null;
  result_seq: number | null;
  error: string | null;
  ended_at: string | null;
};

type RunDetail = {
  id: string;
  status: string;
  status_reason: string | null;
  ended_at: string | null;
  messages: { id: string; seq: number; role: string; content: unknown; created_at: string }[];
  tool_calls: ToolCallView[];
};

const EVENT_WAIT_MS = 20_000;

const serveCase = useServeCase();

const available = await sandboxes();

test.for(available)(
  "a server killed mid-run loses nothing, marks the run and its tool call interrupted, leaves no process ($label)",
  { timeout: 120_000 },
  async ({ sandbox, skipReason }, context) => {
    if (skipReason !== undefined) context.skip(skipReason);
    const home = serveCase.home("guilds-crash-");
    const marker = serveCase.marker();
    // bash -c keeps the marker in its command line, and the sleep runs under the marker's name.
    // It also leaves a process in a session of its own, which no process group's kill reaches: the
    // machine is clean only once that one is gone too.
    const longCommand = `echo $$ > ~/${marker}.pid; setsid -f bash -c 'exec -a ${marker}-escaped sleep 60'; (exec -a ${marker} sleep 60); echo never`;
    const { environment, agentId, token, port } = await scriptedAgent(home, sandbox, {
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
    });

    // The first server: a run up to its second shell command, which is left sleeping.
    const first = await serveCase.serve({ ...environment, PORT: String(port) });
    const api = apiOf(first.url, token);
    const started = await api("POST", `/api/agents/${agentId}/runs`, { message: "go" });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const runId = (started.body as { id: string }).id;

    const live = await openRunEvents(first.url, token, runId);
    const beforeKill: StreamEvent[] = [];
    try {
      await withDeadline(EVENT_WAIT_MS, "the second tool.started", async () => {
        while (beforeKill.filter((event) => event.type === "tool.started").length < 2) {
          beforeKill.push(await nextEvent(live));
        }
      });
    } finally {
      live.close();
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
    const second = await serveCase.serve({ ...environment, PORT: String(port) });
    if (sandbox === "docker" || sandbox === "podman") {
      // The container outlived the server: the restart adopted it as it was, then stopped it.
      expect(second.stderr()).toContain("was running: adopted");
    }
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
    const replay = await openRunEvents(second.url, token, runId, 0);
    const replayed: StreamEvent[] = [];
    try {
      await withDeadline(EVENT_WAIT_MS, "the replayed run.ended", async () => {
        while (replayed.at(-1)?.type !== "run.ended") replayed.push(await nextEvent(replay));
      });
    } finally {
      replay.close();
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

/** A tool call without what its end sets (status, result, error, ended_at, duration_ms). */
function withoutEnd(call: ToolCallView | undefined): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...call };
  for (const key of ["status", "result", "result_seq", "error", "ended_at", "duration_ms"]) delete rest[key];
  return rest;
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

/** The stream's next event; the stream must not end before it. */
async function nextEvent(stream: Awaited<ReturnType<typeof openRunEvents>>): Promise<StreamEvent> {
  const event = await stream.next();
  if (event === undefined) throw new Error("the stream ended");
  return event;
}
