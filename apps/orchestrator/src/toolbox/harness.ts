import { CodeTaskArgs } from "@guilds/protocol/toolArgs";
import { runCodeTask } from "./harness/codeTask.ts";
import type { CodeTaskContext } from "./harness/codeTaskContext.ts";
import { defineTool, type Tool } from "./tool.ts";
import { codeTaskDescription } from "./toolDescriptions/codeTask.ts";

/**
 * code_task: hands a brief to the agent's harness, a coding-agent CLI that guilds-harness drives
 * inside the agent's machine, and returns how its turn ended (toolbox/harness/). The harness log
 * API reads what it kept (harness/taskArtifacts.ts).
 */
export const codeTaskTool: Tool<CodeTaskContext> = defineTool({
  name: "code_task",
  description: codeTaskDescription,
  args: CodeTaskArgs,
  execute: (args, context) => runCodeTask(args, context),
});
