import { GuildsError } from "@guilds/protocol/guildsError";
import { runTitleOf } from "@guilds/protocol/runTitle";
import type { Config } from "../config.ts";
import type { RunEventBus } from "../events/eventBus.ts";
import type { MachineRegistry } from "../machines/machineRegistry.ts";
import type { NoteReader } from "../notes/noteReader.ts";
import { createStoreNoteReader } from "../notes/storeNoteReader.ts";
import type { Store } from "../store/store.ts";
import { codeResultMaxBytes } from "../toolbox/codeResultMaxBytes.ts";
import { createHelperTransport, type HelperTransport } from "../toolbox/helperTransport.ts";
import { type CodeTaskOptions, createCodeTaskDeps } from "../tools/codeTask/harnessOps.ts";
import { OFFERED_TOOLS } from "../tools/registry.ts";
import type { Tool } from "../tools/tool.ts";
import { type ClientRun, openClientRun, type RunClient } from "./clientRun.ts";
import { defaultProviderFor } from "./defaultProvider.ts";
import type { EngineDeps, ProviderForAgent, RunLogger } from "./engineDeps.ts";
import { runGenerationLoop } from "./generationLoop.ts";
import { answerInterruptedCalls } from "./interruptedCalls.ts";
import { createOneAtATimePerRun } from "./oneAtATimePerRun.ts";
import { appendOperatorMessage, deliverQueuedMessages, queueOperatorMessage } from "./operatorMessages.ts";
import { endRun } from "./runEnd.ts";
import { ServerStop } from "./serverStop.ts";

export type RunServiceLogger = RunLogger;

export interface RunServiceDeps {
  store: Store;
  config: Config;
  events: RunEventBus;
  machines: MachineRegistry;
  /** The model of an agent's generations; default defaultProviderFor (the agent's settings). */
  providerFor?: ProviderForAgent;
  logger?: RunServiceLogger;
  /** The notes code_task appends to a brief; default the store's, read with the agent's access. */
  notes?: NoteReader;
  codeTasks?: CodeTaskOptions;
  /** The tools a coding agent is offered; default the registry's OFFERED_TOOLS. */
  tools?: readonly Tool[];
  /**
   * How guilds-code requests reach the machines; default a transport of its own. The server shares
   * its one with the background output reader, so both use each machine's one long-lived helper.
   */
  helpers?: HelperTransport;
}

export interface RunService {
  /** Creates the run and the operator's message, then runs generations in the background. */
  start(input: { agentId: string; message: string }): Promise<{ runId: string }>;
  /**
   * An operator message continuing the run's conversation: reopens an ended run and runs a new loop;
   * to a run still working, it is queued for the run's next generation (message.queued).
   */
  send(runId: string, message: string): Promise<void>;
  /** Stops the run's generation and its running tool call, and ends it cancelled. */
  cancel(runId: string): Promise<void>;
  /**
   * A run whose calls a client makes (an MCP session), started now; cancel and close reach it as
   * they reach a run of the agent's model.
   */
  openClientRun(agentId: string, client: RunClient): Promise<ClientRun>;
  /**
   * At startup: in-flight runs and tool calls are marked interrupted, each call left unanswered gets
   * its result (and tool.finished), each run its run.ended; their machines are stopped.
   */
  recoverInterrupted(reason: string): Promise<void>;
  /**
   * Stops every active run and waits for its loop to end: the runs end interrupted (nobody cancelled
   * them), with `stop`'s reason, so the operator can continue them once the server is back.
   */
  close(stop?: ServerStop): Promise<void>;
}

interface ActiveRun {
  controller: AbortController;
  done: Promise<void>;
  /** Set when a client (an MCP session) makes the run's calls. */
  client?: RunClient;
}

const CANCEL_REASON = "cancelled by the operator";

export function createRunService(deps: RunServiceDeps): RunService {
  const logger = deps.logger ?? silentLogger;
  const helpers = deps.helpers ?? createHelperTransport();
  const engine: EngineDeps = {
    store: deps.store,
    events: deps.events,
    machines: deps.machines,
    helpers,
    providerFor: deps.providerFor ?? defaultProviderFor,
    tools: deps.tools ?? OFFERED_TOOLS,
    maxBytes: codeResultMaxBytes(process.env),
    codeTasks: createCodeTaskDeps({
      notes: deps.notes ?? createStoreNoteReader(deps.store.notes),
      harnessesOff: deps.config.harnessesOff,
      options: deps.codeTasks,
    }),
    logger,
  };
  const active = new Map<string, ActiveRun>();
  const oneAtATime = createOneAtATimePerRun();
  let closing = false;

  const launch = (runId: string) => {
    const controller = new AbortController();
    const running: ActiveRun = { controller, done: Promise.resolve() };
    running.done = runGenerationLoop(engine, runId, controller.signal)
      .catch((caught: unknown) =>
        logger.error(`run ${runId}: ${caught instanceof Error ? caught.message : caught}`),
      )
      .then(() => oneAtATime(runId, () => afterLoop(runId, running)))
      .catch((caught: unknown) =>
        logger.error(`run ${runId}: ${caught instanceof Error ? caught.message : caught}`),
      );
    active.set(runId, running);
  };

  /**
   * A message queued after the loop last looked (the model was stopping): the run completed, and
   * the message continues it as it would have once the run had ended. A cancelled, failed or
   * interrupted run keeps its queued messages for when the operator continues it.
   */
  const afterLoop = async (runId: string, ended: ActiveRun) => {
    if (active.get(runId) !== ended) return;
    active.delete(runId);
    if (closing) return;
    const run = await deps.store.runs.get(runId);
    if (run.status !== "completed") return;
    if ((await deps.store.queuedMessages.list(runId)).length === 0) return;
    await deps.store.runs.reopen(runId);
    await deps.events.publish({ type: "run.started", run_id: runId, agent_id: run.agentId });
    launch(runId);
  };

  const refuseWhileClosing = () => {
    if (closing)
      throw new GuildsError(
        "server.closing",
        "The server is shutting down; send the message again once it is back.",
      );
  };

  return {
    async start({ agentId, message }) {
      refuseWhileClosing();
      const run = await deps.store.runs.create({ agentId, title: runTitleOf(message) });
      await deps.events.publish({ type: "run.started", run_id: run.id, agent_id: agentId });
      await appendOperatorMessage(deps, { id: run.id, agentId }, message);
      launch(run.id);
      return { runId: run.id };
    },

    async send(runId, message) {
      refuseWhileClosing();
      const client = active.get(runId)?.client;
      if (client !== undefined) {
        throw new GuildsError(
          "run.busy",
          `Run ${runId} is an ${client.protocol.toUpperCase()} session of ${client.name}: its calls come from that client. Cancel the run (or end the session) to send it a message.`,
        );
      }
      await oneAtATime(runId, async () => {
        const run = await deps.store.runs.get(runId);
        if (active.has(runId)) {
          await queueOperatorMessage(deps, run, message);
          return;
        }
        if (run.status !== "running") {
          await deps.store.runs.reopen(runId);
          await deps.events.publish({ type: "run.started", run_id: runId, agent_id: run.agentId });
        }
        // Messages queued before the run ended (cancelled, failed, the server stopped) come first.
        await deps.events.storeAndPublish(async (stores) => ({
          value: undefined,
          events: await deliverQueuedMessages(stores, runId),
        }));
        await appendOperatorMessage(deps, run, message);
        launch(runId);
      });
    },

    async openClientRun(agentId, client) {
      refuseWhileClosing();
      const handle = await openClientRun(engine, agentId, client);
      const { runId } = handle.run;
      active.set(runId, { controller: handle.stop, done: handle.done, client });
      void handle.done.finally(() => {
        if (active.get(runId)?.done === handle.done) active.delete(runId);
      });
      return handle.run;
    },

    async cancel(runId) {
      const running = active.get(runId);
      if (running !== undefined) {
        running.controller.abort();
        await running.done;
        return;
      }
      // Not driven by this server (or already ended): end it here if it still says running.
      await endRun(engine, runId, { status: "cancelled", reason: CANCEL_REASON });
    },

    async recoverInterrupted(reason) {
      const work = await deps.store.markInFlightInterrupted(reason);
      for (const run of work.runs) {
        try {
          await answerInterruptedCalls(engine, run, reason);
        } catch (caught) {
          // The conversation still replays whole: conversationOf answers a call that has no result.
          logger.warn(
            `could not store the results of run ${run.id}'s interrupted tool calls: ${caught instanceof Error ? caught.message : caught}`,
          );
        }
        await deps.events.publish({ type: "run.ended", run_id: run.id, status: "interrupted", reason });
      }
      const agentIds = new Set(work.runs.map((run) => run.agentId));
      for (const agentId of agentIds) {
        try {
          const agent = await deps.store.agents.get(agentId);
          const machine = await deps.machines.forAgent(agent);
          // A start resets the runtime folder (request files, background records left by the dead
          // server) and the stop ends whatever runs inside: the machine is left clean and stopped.
          await machine.start();
          await machine.stop();
        } catch (caught) {
          logger.warn(
            `could not stop the machine of agent ${agentId}: ${caught instanceof Error ? caught.message : caught}`,
          );
        }
      }
    },

    async close(stop = new ServerStop()) {
      closing = true;
      const running = [...active.values()];
      for (const run of running) run.controller.abort(stop);
      await Promise.allSettled(running.map((run) => run.done));
      helpers.close();
    },
  };
}

const silentLogger: RunLogger = { info() {}, warn() {}, error() {} };
