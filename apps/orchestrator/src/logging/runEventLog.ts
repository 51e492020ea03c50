import type { StoredRunEventPayload } from "@guilds/protocol/runEvents";
import type { RunEventBus } from "../events/eventBus.ts";
import { claimRunRequest } from "./runRequests.ts";
import type { ServerLogger } from "./serverLogger.ts";

/**
 * The bus, logging as its events are stored: a line when a run starts, one per tool call that ends
 * (its tool, status, duration and exit code, when it has one) and one when the run ends (its status,
 * reason, tool calls and duration). Names, statuses and numbers only: never a message, arguments or
 * a result. A run started or continued by a request (runRequests.ts) has its request_id on every line.
 */
export function logRunEvents(bus: RunEventBus, logger: ServerLogger): RunEventBus {
  const log = runEventLog(logger);
  return {
    ...bus,
    async publish(event) {
      const envelope = await bus.publish(event);
      log(event);
      return envelope;
    },
    async storeAndPublish(work) {
      let stored: StoredRunEventPayload[] = [];
      const value = await bus.storeAndPublish(async (stores) => {
        const done = await work(stores);
        stored = done.events;
        return done;
      });
      for (const event of stored) log(event);
      return value;
    },
  };
}

interface RunSpan {
  agentId: string;
  requestId: string | undefined;
  started: number;
  toolCalls: number;
}

function runEventLog(logger: ServerLogger): (event: StoredRunEventPayload) => void {
  /** From run.started to run.ended, in this server: a run ended by a restart's recovery has none. */
  const runs = new Map<string, RunSpan>();
  const callStarts = new Map<string, number>();
  return (event) => {
    switch (event.type) {
      case "run.started": {
        const requestId = claimRunRequest(event.run_id, event.agent_id);
        runs.set(event.run_id, {
          agentId: event.agent_id,
          requestId,
          started: performance.now(),
          toolCalls: 0,
        });
        logger.info("run started", { request_id: requestId, run_id: event.run_id, agent_id: event.agent_id });
        return;
      }
      case "tool.started":
        callStarts.set(event.tool_call_id, performance.now());
        return;
      case "tool.finished": {
        const started = callStarts.get(event.tool_call_id);
        callStarts.delete(event.tool_call_id);
        const run = runs.get(event.run_id);
        if (run !== undefined) run.toolCalls += 1;
        const exitCode = event.metadata.exit_code;
        logger.info("tool call ended", {
          request_id: run?.requestId,
          run_id: event.run_id,
          tool_call_id: event.tool_call_id,
          tool: event.name,
          status: event.status,
          duration_ms: started === undefined ? undefined : Math.round(performance.now() - started),
          exit_code: typeof exitCode === "number" ? exitCode : undefined,
        });
        return;
      }
      case "run.ended": {
        const run = runs.get(event.run_id);
        runs.delete(event.run_id);
        // A failed run (the model's error, say) is the operator's to look at.
        const level = event.status === "failed" ? "warn" : "info";
        logger[level]("run ended", {
          request_id: run?.requestId,
          run_id: event.run_id,
          agent_id: run?.agentId,
          status: event.status,
          reason: event.reason,
          tool_calls: run?.toolCalls,
          duration_ms: run === undefined ? undefined : Math.round(performance.now() - run.started),
        });
        return;
      }
      default:
        return;
    }
  };
}
