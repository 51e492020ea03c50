import type { Machine } from "../machines/machine.ts";
import { ensureRepositoryCloned } from "../repos/ensureRepositoryCloned.ts";
import { refreshRepositoryTokens } from "../repos/refreshRepositoryTokens.ts";
import { repositorySpecOf } from "../repos/repositorySource.ts";
import { codeTaskTool } from "../toolbox/harness.ts";
import type { ToolResult } from "../toolbox/tool.ts";
import type { EngineDeps } from "./engineDeps.ts";
import type { GenerationContext } from "./generationContext.ts";

export interface CodeTaskInvocation {
  runId: string;
  /** The tool call row's id. */
  callId: string;
  args: unknown;
  signal: AbortSignal;
}

/** Runs code_task with what the generation knows: the agent as it is now, its repositories and secrets. */
export function invokeCodeTask(
  deps: EngineDeps,
  context: GenerationContext,
  machine: Machine,
  invocation: CodeTaskInvocation,
): Promise<ToolResult> {
  const { runId, callId } = invocation;
  return codeTaskTool.run(invocation.args, {
    machine,
    runId,
    callId,
    agent: context.agent,
    repositoryNames: context.repositories.map((repository) => repository.name),
    async ensureCloned(name) {
      const repository = context.repositories.find((candidate) => candidate.name === name);
      if (repository === undefined) return;
      await ensureRepositoryCloned(machine, repositorySpecOf(repository), context.credentials[name]?.token);
    },
    refreshTokens: () => refreshRepositoryTokens(machine, context.credentials),
    secrets: context.secretEnv,
    redactor: context.redactor,
    maxBytes: deps.maxBytes,
    harnessesOff: deps.codeTasks.harnessesOff,
    harnesses: deps.codeTasks.harnesses,
    notes: deps.codeTasks.notes,
    async recordTask(task) {
      await deps.store.runs.patchMetadata(runId, { harness_task: task });
    },
    publishProgress(lines, sessionId) {
      deps.events.publishEphemeral({
        type: "tool.progress",
        run_id: runId,
        tool_call_id: callId,
        lines,
        session_id: sessionId,
      });
    },
    timing: deps.codeTasks.timing,
    signal: invocation.signal,
  });
}
