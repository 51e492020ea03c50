import type { Machine } from "../machines/machine.ts";
import { faultResult, type Tool, type ToolResult } from "../tools/tool.ts";
import type { EngineDeps } from "./engineDeps.ts";
import type { GenerationContext } from "./generationContext.ts";
import { toolCallContext } from "./toolCallContext.ts";

export interface Invocation {
  runId: string;
  /** The tool call row's id: the helper's call id (log file names). */
  callId: string;
  name: string;
  argumentsText: string;
  signal: AbortSignal;
}

/**
 * Runs one call the model asked for and gives its result before the platform pipeline. The engine
 * answers what is its own (invalid JSON, an unknown tool, the code tools turned off, a machine it
 * could not get); the tool validates its arguments, prepares, runs and reviews its call, and makes
 * our faults results (tools/tool.ts): nothing here throws, and the engine knows no tool by name.
 */
export async function invokeTool(
  deps: EngineDeps,
  context: GenerationContext,
  invocation: Invocation,
): Promise<ToolResult> {
  const tool = context.agent.coding ? deps.tools.find(({ name }) => name === invocation.name) : undefined;
  if (tool === undefined) return unknownTool(invocation.name, deps.tools, context.agent.coding);
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
  let machine: Machine;
  try {
    machine = await deps.machines.forAgent(context.agent);
  } catch (caught) {
    return faultResult(tool.name, caught);
  }
  return tool.run(args.value, toolCallContext(deps, context, machine, invocation));
}

function unknownTool(name: string, tools: readonly Tool[], coding: boolean): ToolResult {
  if (!coding) {
    return failure(
      "tool.unknown",
      `No tool is offered now (the agent's code tools are off), so ${name} was not run.`,
    );
  }
  const names = tools.map((tool) => tool.name).join(", ");
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
