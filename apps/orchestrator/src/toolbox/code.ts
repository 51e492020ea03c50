import type { CodeToolName } from "@guilds/protocol/toolArgs";
import { CodeSearchArgs, FileReadArgs, ShellArgs, ShellStatusArgs } from "@guilds/protocol/toolArgs";
import { buildCodeRequest, type CodeCallIdentity } from "./codeRequest.ts";
import type { HelperTransport } from "./helperTransport.ts";
import { defineTool, type Tool, type ToolResult } from "./tool.ts";
import { codeSearchDescription } from "./toolDescriptions/codeSearch.ts";
import { fileReadDescription } from "./toolDescriptions/fileRead.ts";
import { shellDescription } from "./toolDescriptions/shell.ts";
import { shellStatusDescription } from "./toolDescriptions/shellStatus.ts";

/**
 * The four check tools: shell, shell_status, file_read and code_search. Each validates its
 * arguments with the protocol's schema, then runs the op of the same name in guilds-code inside the
 * agent's machine; what the tool decides stays here, where it runs is the transport's.
 */
export interface CodeToolContext extends CodeCallIdentity {
  /** How requests reach the helper (the long-lived one or one process per call). */
  helpers: HelperTransport;
  /**
   * Cancels the call: the helper stops a foreground command the way its timeout would, and the
   * result is what the command printed, then "[cancelled; the command was stopped]" and
   * exit_code: 130, with meta.cancelled. A helper that does not answer in time fails the call with
   * helper.cancelled.
   */
  signal?: AbortSignal;
}

export type CodeTool = Tool<CodeToolContext>;

export const shellTool: CodeTool = defineTool({
  name: "shell",
  description: shellDescription,
  args: ShellArgs,
  execute: (args, context) => runCodeOp("shell", args, context),
});

export const shellStatusTool: CodeTool = defineTool({
  name: "shell_status",
  description: shellStatusDescription,
  args: ShellStatusArgs,
  execute: (args, context) => runCodeOp("shell_status", args, context),
});

export const fileReadTool: CodeTool = defineTool({
  name: "file_read",
  description: fileReadDescription,
  args: FileReadArgs,
  execute: (args, context) => runCodeOp("file_read", args, context),
});

export const codeSearchTool: CodeTool = defineTool({
  name: "code_search",
  description: codeSearchDescription,
  args: CodeSearchArgs,
  execute: (args, context) => runCodeOp("code_search", args, context),
});

export const CODE_TOOLS: readonly CodeTool[] = [shellTool, shellStatusTool, fileReadTool, codeSearchTool];

export function findCodeTool(name: string): CodeTool | undefined {
  return CODE_TOOLS.find((tool) => tool.name === name);
}

/** What a model is offered for each tool: its name, its prose and its arguments' JSON schema. */
export interface ModelToolSchema {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

export function codeToolSchemas(): ModelToolSchema[] {
  return CODE_TOOLS.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema,
  }));
}

/**
 * Sends the request (the transport wakes the machine first), and turns the envelope into the call's
 * result. The helper's { ok: false, error } is an outcome for the model; a helper that fails to
 * answer throws ToolboxError. An answer to a cancelled call is marked so in its meta.
 */
async function runCodeOp(op: CodeToolName, args: unknown, context: CodeToolContext): Promise<ToolResult> {
  const request = buildCodeRequest(op, args, context);
  const envelope = await context.helpers.run(context.machine, request, { signal: context.signal });
  const cancelled = context.signal?.aborted === true ? { cancelled: true } : {};
  if (envelope.ok) return { ok: true, text: envelope.text, meta: { ...envelope.meta, ...cancelled } };
  return { ok: false, text: envelope.error.message, meta: { error_code: envelope.error.code, ...cancelled } };
}
