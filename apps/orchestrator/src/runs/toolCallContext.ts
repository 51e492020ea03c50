import type { Machine } from "../machines/machine.ts";
import { ensureRepositoryCloned } from "../repos/ensureRepositoryCloned.ts";
import { refreshRepositoryTokens } from "../repos/refreshRepositoryTokens.ts";
import { repositorySpecOf } from "../repos/repositorySource.ts";
import { repoTokensForRequest } from "../repos/repositoryTokens.ts";
import type { ToolContext } from "../tools/toolContext.ts";
import type { EngineDeps } from "./engineDeps.ts";
import type { GenerationContext } from "./generationContext.ts";

export interface ToolCallIdentity {
  runId: string;
  /** The tool call row's id. */
  callId: string;
  signal: AbortSignal;
}

/** The one context every tool call of a generation gets: the agent as it is now, its repositories and secrets. */
export function toolCallContext(
  deps: EngineDeps,
  context: GenerationContext,
  machine: Machine,
  call: ToolCallIdentity,
): ToolContext {
  const { runId, callId } = call;
  return {
    machine,
    runId,
    callId,
    agent: context.agent,
    defaultCwd: context.defaultCwd,
    secrets: context.secretEnv,
    repoTokens: repoTokensForRequest(context.credentials),
    redactor: context.redactor,
    maxBytes: deps.maxBytes,
    repositories: {
      names: context.repositories.map((repository) => repository.name),
      async ensureCloned(name) {
        const repository = context.repositories.find((candidate) => candidate.name === name);
        if (repository === undefined) return;
        await ensureRepositoryCloned(machine, repositorySpecOf(repository), context.credentials[name]?.token);
      },
      refreshTokens: () => refreshRepositoryTokens(machine, context.credentials),
    },
    signal: call.signal,
    helpers: deps.helpers,
    codeTasks: deps.codeTasks,
    progress(lines, sessionId) {
      deps.events.publishEphemeral({
        type: "tool.progress",
        run_id: runId,
        tool_call_id: callId,
        lines,
        session_id: sessionId,
      });
    },
    async recordTask(task) {
      await deps.store.runs.patchMetadata(runId, { harness_task: task });
    },
    earlierFileReads: () => deps.store.toolCalls.fileReadHistory(runId),
  };
}
