import { expect, test } from "vitest";
import { sandboxes } from "../toolbox/machineFixture.ts";
import { processesWith } from "../toolbox/processScan.ts";
import { apiOf, type LiveServe, openRunEvents, type StreamEvent } from "./liveServe.ts";
import { eventsUntil, type ScriptedAgent, scriptedAgent, useServeCase, withDeadline } from "./serveCases.ts";

/*
 * A restart is not a cancel, with real `guilds serve` processes: a server stopped by SIGTERM or
 * SIGINT in the middle of a run's shell command ends the run interrupted, says the server stopped,
 * delivers tool.finished and run.ended to the live viewer before its stream closes, and the next
 * server lets the operator continue the run with a message. An operator's cancel stays cancelled.
 */

const EVENT_WAIT_MS = 30_000;

const bwrap = (await sandboxes()).find(
  (option) => option.sandbox === "bwrap" && option.skipReason === undefined,
);
const sandbox = bwrap?.sandbox ?? "unconfined";

const serveCase = useServeCase();

test.for(["SIGTERM", "SIGINT"] as const)(
  `%s ends a run mid-command interrupted, tells the live viewer before its stream closes, and the next start continues it (${sandbox})`,
  { timeout: 120_000 },
  async (signal) => {
    const setup = await setUp();
    const first = await serve(setup);
    const { runId, live, seen } = await runToTheLongCommand(first, setup);

    first.child.kill(signal);
    const afterStop = await untilStreamEnds(live);
    expect(await first.exited, first.stderr()).toBe(0);
    expect(processesWith(setup.marker)).toEqual([]);

    const reason = `the server stopped (${signal}) while the run was in progress; send a message to continue it`;
    const finished = afterStop.find((event) => event.type === "tool.finished");
    expect(finished?.data).toMatchObject({ name: "shell", status: "interrupted" });
    expect(finished?.data.result).toContain("started");
    expect(finished?.data.result).toContain(`the server stopped (${signal}) while this call ran`);
    expect(afterStop.at(-1)?.data).toEqual({
      type: "run.ended",
      run_id: runId,
      status: "interrupted",
      reason,
    });

    const second = await serve(setup);
    const again = apiOf(second.url, setup.token);
    const stored = (await again("GET", `/api/runs/${runId}`)).body;
    expect(stored).toMatchObject({ status: "interrupted", status_reason: reason });
    expect(toolCallStatuses(stored)).toEqual(["interrupted"]);

    const lastSeen = [...seen, ...afterStop].at(-1)?.id;
    const resumed = await openRunEvents(second.url, setup.token, runId, lastSeen);
    const sent = await again("POST", `/api/runs/${runId}/messages`, { message: "go on" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const continued = await eventsUntil(resumed, "run.ended", EVENT_WAIT_MS);
    resumed.close();
    expect(continued.at(-1)?.data).toMatchObject({ type: "run.ended", status: "completed" });
    const done = (await again("GET", `/api/runs/${runId}`)).body;
    expect(done.status).toBe("completed");
    expect(toolCallStatuses(done)).toEqual(["interrupted", "completed"]);
    expect(JSON.stringify(done.tool_calls)).toContain("resumed");
  },
);

test(`an operator's cancel stays cancelled, and a SIGTERM after it interrupts only the run in flight (${sandbox})`, {
  timeout: 120_000,
}, async () => {
  const setup = await setUp();
  const first = await serve(setup);
  const api = apiOf(first.url, setup.token);

  const cancelled = await runToTheLongCommand(first, setup);
  const cancel = await api("POST", `/api/runs/${cancelled.runId}/cancel`);
  expect(cancel.status, JSON.stringify(cancel.body)).toBe(202);
  const afterCancel = await eventsUntil(cancelled.live, "run.ended", EVENT_WAIT_MS);
  cancelled.live.close();
  expect(afterCancel.find((event) => event.type === "tool.finished")?.data).toMatchObject({
    status: "cancelled",
  });
  expect(afterCancel.at(-1)?.data).toMatchObject({
    status: "cancelled",
    reason: "cancelled by the operator",
  });

  const inFlight = await runToTheLongCommand(first, setup);
  first.child.kill("SIGTERM");
  const afterStop = await untilStreamEnds(inFlight.live);
  expect(await first.exited, first.stderr()).toBe(0);
  expect(afterStop.at(-1)?.data).toMatchObject({ type: "run.ended", status: "interrupted" });

  const second = await serve(setup);
  const again = apiOf(second.url, setup.token);
  expect((await again("GET", `/api/runs/${cancelled.runId}`)).body).toMatchObject({
    status: "cancelled",
    status_reason: "cancelled by the operator",
  });
  expect((await again("GET", `/api/runs/${inFlight.runId}`)).body).toMatchObject({
    status: "interrupted",
    status_reason:
      "the server stopped (SIGTERM) while the run was in progress; send a message to continue it",
  });
});

interface Setup extends ScriptedAgent {
  marker: string;
}

/**
 * A data folder with a scripted agent whose one shell command sleeps under a marker the first time
 * a run calls it, and says "resumed" when that run calls it again.
 */
async function setUp(): Promise<Setup> {
  const marker = serveCase.marker();
  const command = `f=~/.called-$GUILD_RUN_ID; if [ -e $f ]; then echo resumed; else touch $f; echo started; (exec -a ${marker}-"sleep"ing sleep 60); echo never; fi`;
  const agent = await scriptedAgent(serveCase.home("guilds-stop-"), sandbox, {
    steps: [{ type: "reply", text: "Running it.", tool_calls: [{ name: "shell", args: { command } }] }],
    final_text: "Done.",
  });
  return { ...agent, marker };
}

function serve(setup: Setup): Promise<LiveServe> {
  return serveCase.serve({ ...setup.environment, PORT: String(setup.port) });
}

/** Starts a run and follows it live until its shell command is sleeping. */
async function runToTheLongCommand(server: LiveServe, setup: Setup) {
  const api = apiOf(server.url, setup.token);
  const started = await api("POST", `/api/agents/${setup.agentId}/runs`, { message: "go" });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const runId = String(started.body.id);
  // From the start of the run: nothing published before the stream opened is missed.
  const live = await openRunEvents(server.url, setup.token, runId, 0);
  const seen = await eventsUntil(live, "tool.started", EVENT_WAIT_MS);
  // Only the sleep's own name reads "<marker>-sleeping": bash's command line has it in quotes.
  await expect.poll(() => processesWith(sleepingName(setup)), { timeout: 10_000 }).toHaveLength(1);
  return { runId, live, seen };
}

/** Every event until the server ends the stream (a stream cut short throws). */
async function untilStreamEnds(live: Awaited<ReturnType<typeof openRunEvents>>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  await withDeadline(EVENT_WAIT_MS, "the end of the stream", async () => {
    for (;;) {
      const event = await live.next();
      if (event === undefined) return;
      events.push(event);
    }
  });
  return events;
}

function sleepingName(setup: Setup): string {
  return `${setup.marker}-sleeping`;
}

function toolCallStatuses(run: Record<string, unknown>): string[] {
  return (run.tool_calls as { status: string }[]).map((call) => call.status);
}
