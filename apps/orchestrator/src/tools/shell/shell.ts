import { shellContract } from "@guilds/protocol/tools/shell";
import { runCodeOp } from "../codeOp.ts";
import { defineTool } from "../tool.ts";
import type { ToolContext } from "../toolContext.ts";
import { shellDescription } from "./shellDescription.ts";

/** shell: one bash command in the agent's machine, in the foreground or the background. */
export const shellTool = defineTool({
  contract: shellContract,
  description: shellDescription,
  prepare: (_args, context) => prepareRepositories(context),
  execute: (args, context) => runCodeOp(shellContract.name, args, context),
});

/** Before a command: the guild's repositories are cloned and their tokens refreshed for git. */
async function prepareRepositories(context: ToolContext): Promise<void> {
  for (const name of context.repositories.names) await context.repositories.ensureCloned(name);
  await context.repositories.refreshTokens();
}
