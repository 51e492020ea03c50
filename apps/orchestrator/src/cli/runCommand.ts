import { EventStreamClosed } from "@guilds/client/eventStream";
import { followRun, type RunEnded } from "@guilds/client/followRun";
import type { GuildsClient } from "@guilds/client/guildsClient";
import { GuildsError } from "@guilds/protocol/guildsError";
import type { RunEventPayload } from "@guilds/protocol/runEvents";
import { apiClientFromEnvironment } from "./apiClient.ts";
import { parseCommandArgs, takePositionals } from "./commandArgs.ts";
import { resolveAgentOverApi } from "./remoteAgent.ts";
import { runEventLine } from "./runEventLine.ts";
import { createRunProgress } from "./runProgress.ts";
import { terminalText } from "./terminalText.ts";
import { EXIT_FAILED, EXIT_OK } from "./usage.ts";
import { writeOut } from "./writeOut.ts";

/** The shell's code for a command stopped by Ctrl-C. */
const EXIT_INTERRUPTED = 130;
/** A dropped stream is opened again after 500 ms, given up after 6 failures in a row. */
const RECONNECT = { delaysMs: [500], maxFailures: 5 };

interface RunDisplay {
  show(event: RunEventPayload): void | Promise<void>;
  stop(): void;
}

/**
 * guilds run <agent> "<message>": starts a run through the running server's API and streams its
 * events until it ends. Ctrl-C cancels the run (a second one leaves at once).
 */
export async function runRun(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const { positionals } = parseCommandArgs("run", argv, {});
  const [agentReference = "", message = ""] = takePositionals("run", positionals, ["agent", "message"]);
  if (message.trim() === "")
    throw new GuildsError("cli.usage", 'run needs a message: guilds run <agent> "<message>".');
  const api = apiClientFromEnvironment(environment);
  const agent = await resolveAgentOverApi(api, agentReference);
  const run = await api.answer(
    api.POST("/api/agents/{agentId}/runs", { params: { path: { agentId: agent.id } }, body: { message } }),
  );

  const display: RunDisplay = process.stdout.isTTY
    ? createRunProgress(process.stdout)
    : {
        show: (event) => writeOut(process.stdout, `${terminalText(runEventLine(event))}\n`),
        stop: () => undefined,
      };
  const leave = new AbortController();
  let cancelling = false;
  const onInterrupt = () => {
    if (cancelling) return leave.abort();
    cancelling = true;
    process.stderr.write(`\ncancelling run ${run.id} (Ctrl-C again to leave without waiting)\n`);
    api
      .answer(api.POST("/api/runs/{runId}/cancel", { params: { path: { runId: run.id } } }))
      .catch((caught: unknown) => {
        process.stderr.write(
          `the cancel failed: ${caught instanceof Error ? caught.message : String(caught)}\n`,
        );
      });
  };
  process.on("SIGINT", onInterrupt);
  try {
    const ended = await showRun(api, run.id, display, leave.signal);
    display.stop();
    if (ended === undefined) {
      await writeOut(
        process.stdout,
        `run ${run.id} is still going on the server; GET /api/runs/${run.id} shows it\n`,
      );
      return EXIT_INTERRUPTED;
    }
    const reason = ended.reason ? `: ${terminalText(ended.reason)}` : "";
    await writeOut(process.stdout, `run ${run.id} ${ended.status}${reason}\n`);
    if (ended.status === "completed") return EXIT_OK;
    return cancelling && ended.status === "cancelled" ? EXIT_INTERRUPTED : EXIT_FAILED;
  } finally {
    display.stop();
    process.off("SIGINT", onInterrupt);
  }
}

/**
 * Shows the run's events until run.ended. A dropped stream is resumed after the last event id
 * received, so nothing is shown twice or missed. Undefined when the user left first.
 */
async function showRun(
  api: GuildsClient,
  runId: string,
  display: RunDisplay,
  leave: AbortSignal,
): Promise<RunEnded | undefined> {
  let unparsed = 0;
  const onUnknown = () => {
    unparsed += 1;
  };
  try {
    for await (const envelope of followRun(api, runId, { signal: leave, reconnect: RECONNECT, onUnknown })) {
      await display.show(envelope.data);
      if (envelope.data.type === "run.ended") return envelope.data;
    }
    return undefined;
  } catch (caught) {
    if (!(caught instanceof EventStreamClosed)) throw caught;
    throw new GuildsError(
      "cli.usage",
      `the event stream of run ${runId} kept closing${unparsed > 0 ? ` (${unparsed} events not understood)` : ""}; GET /api/runs/${runId} shows the run.`,
    );
  }
}
