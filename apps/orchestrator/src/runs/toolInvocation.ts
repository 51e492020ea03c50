import type { Machine } from "../machines/machine.ts";
import { ensureRepositoryCloned } from "../repos/ensureRepositoryCloned.ts";
import { refreshRepositoryTokens } from "../repos/refreshRepositoryTokens.ts";
import { repositorySpecOf } from "../repos/repositorySource.ts";
import { repoTokensForRequest } from "../repos/repositoryTokens.ts";
import { findCodeTool } from "../toolbox/code.ts";
import { codeTaskTool } from "../toolbox/harness.ts";
import { OFFERED_TOOLS } from "../toolbox/offeredTools.ts";
import type { ToolResult } from "../toolbox/tool.ts";
import { invokeCodeTask } from "./codeTaskInvocation.ts";
import type { EngineDeps } from "./engineDeps.ts";
import type { GenerationContext } from "./generationContext.ts";

export interface Invocation {
  runId: string;
  /** The tool call row's id: the helper's call id (log file names). */
  callId: string;
  name: string;
  argumentsText: string;
  signal: AbortSignal;
}

/**
 * Runs one call the model asked for and gives its result before the platform pipeline. What the
 * model got wrong (invalid JSON, an unknown tool, a tool turned off, arguments the schema refuses)
 * and what failed on our side are results it can read; nothing here throws.
 */
export async function invokeTool(
  deps: EngineDeps,
  context: GenerationContext,
  invocation: Invocation,
): Promise<ToolResult> {
  const tool = context.agent.coding ? findCodeTool(invocation.name) : undefined;
  const codeTask = context.agent.coding && invocation.name === codeTaskTool.name;
  if (tool === undefined && !codeTask) return unknownTool(invocation.name, context.agent.coding);
  const args = parseArguments(invocation.argumentsText);
  if (!args.ok) {
    // The parser quotes the text near its failure cut at a few characters, which can be the start
    // of a secret that redaction would then not recognise: the reason given is the redacted text's.
    const redacted = parseArguments(context.redactor.redact(invocation.argumentsText));
    const reason = redacted.ok ? "unparseable" : redacted.reason;
    return failure(
      "args.invalid_json",
      `The arguments of ${invocation.name} are not valid JSON (${reason}). Send one JSON object, e.g. {"path": "README.md"}.`,
    );
  }
  try {
    const machine = await deps.machines.forAgent(context.agent);
    if (tool === undefined) {
      const { runId, callId, signal } = invocation;
      return await invokeCodeTask(deps, context, machine, { runId, callId, args: args.value, signal });
    }
    if (tool.name === "shell") await prepareGit(context, machine);
    return await tool.run(args.value, {
      helpers: deps.helpers,
      machine,
      runId: invocation.runId,
      agentId: context.agent.id,
      callId: invocation.callId,
      defaultCwd: context.defaultCwd,
      secrets: context.secretEnv,
      repoTokens: repoTokensForRequest(context.credentials),
      maxBytes: deps.maxBytes,
      signal: invocation.signal,
    });
  } catch (caught) {
    const message = caught instanceof Error ? caught.message : String(caught);
    return failure(errorCode(caught), `The ${invocation.name} call failed: ${message}`);
  }
}

/** Before a shell call: the guild's repositories are cloned and their tokens refreshed for git. */
async function prepareGit(context: GenerationContext, machine: Machine): Promise<void> {
  for (const repository of context.repositories) {
    await ensureRepositoryCloned(
      machine,
      repositorySpecOf(repository),
      context.credentials[repository.name]?.token,
    );
  }
  await refreshRepositoryTokens(machine, context.credentials);
}

function unknownTool(name: string, coding: boolean): ToolResult {
  if (!coding) {
    return failure(
      "tool.unknown",
      `No tool is offered now (the agent's code tools are off), so ${name} was not run.`,
    );
  }
  const names = OFFERED_TOOLS.map((tool) => tool.name).join(", ");
  return failure("tool.unknown", `There is no tool named ${JSON.stringify(name)}. The tools are: ${names}.`);
}

function parseArguments(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  // A model may send no arguments at all for a tool whose arguments are all optional.
  if (text.trim() === "") return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (caught) {
    return { ok: false, reason: caught instanceof Error ? caught.message : "unparseable" };
  }
}

function failure(code: string, text: string): ToolResult {
  return { ok: false, text, meta: { error_code: code } };
}

/** The stable code of our own fault (AppError, ToolboxError, MachineError), else a generic one. */
function errorCode(caught: unknown): string {
  if (typeof caught === "object" && caught !== null && "code" in caught && typeof caught.code === "string") {
    return caught.code;
  }
  return "tool.failed";
}
