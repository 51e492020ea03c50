import { GuildsError } from "@guilds/protocol/guildsError";
import { RunEventEnvelope, type RunEventPayload } from "@guilds/protocol/runEvents";
import { type ApiClient, apiClientFromEnvironment } from "./apiClient.ts";
import { parseCommandArgs, takePositionals } from "./commandArgs.ts";
import { resolveAgentOverApi } from "./remoteAgent.ts";
import { runEventLine } from "./runEventLine.ts";
import { createRunProgress } from "./runProgress.ts";
import { readSseFrames } from "./sseFrames.ts";
import { terminalText } from "./terminalText.ts";
import { EXIT_FAILED, EXIT_OK } from "./usage.ts";
import { writeOut } from "./writeOut.ts";

/** The shell's code for a command stopped by Ctrl-C. */
const EXIT_INTERRUPTED = 130;
const RECONNECT_ATTEMPTS = 5;
const RECONNECT_DELAY_MS = 500;

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
  const run = await api.json<{ id: string }>("POST", `/api/agents/${agent.id}/runs`, { message });

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
    api.json("POST", `/api/runs/${run.id}/cancel`).catch((caught: unknown) => {
      process.stderr.write(
        `the cancel failed: ${caught instanceof Error ? caught.message : String(caught)}\n`,
      );
    });
  };
  process.on("SIGINT", onInterrupt);
  try {
    const ended = await followRun(api, run.id, display, leave.signal);
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

type RunEnded = Extract<RunEventPayload, { type: "run.ended" }>;

/**
 * Shows the run's events until run.ended. A dropped stream is resumed after the last event id
 * received, so nothing is shown twice or missed. Undefined when the user left first.
 */
async function followRun(
  api: ApiClient,
  runId: string,
  display: RunDisplay,
  leave: AbortSignal,
): Promise<RunEnded | undefined> {
  let lastEventId: number | undefined;
  let unparsed = 0;
  for (let attempt = 0; attempt <= RECONNECT_ATTEMPTS; attempt += 1) {
    try {
      const response = await api.stream(`/api/runs/${runId}/events`, lastEventId, leave);
      if (response.body === null) continue;
      for await (const frame of readSseFrames(response.body)) {
        if (frame.id !== undefined) lastEventId = Number(frame.id);
        const envelope = parseEnvelope(frame.data);
        if (envelope === undefined) {
          unparsed += 1;
          continue;
        }
        await display.show(envelope.data);
        if (envelope.data.type === "run.ended") return envelope.data;
        attempt = 0;
      }
    } catch (caught) {
      if (leave.aborted) return undefined;
      if (attempt === RECONNECT_ATTEMPTS) throw caught;
    }
    if (leave.aborted) return undefined;
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAY_MS));
  }
  throw new GuildsError(
    "cli.usage",
    `the event stream of run ${runId} kept closing${unparsed > 0 ? ` (${unparsed} events not understood)` : ""}; GET /api/runs/${runId} shows the run.`,
  );
}

/** Lenient: an event this CLI does not know is counted, never fatal. */
function parseEnvelope(data: string): RunEventEnvelope | undefined {
  try {
    const parsed = RunEventEnvelope.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
