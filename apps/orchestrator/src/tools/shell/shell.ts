import { shellContract } from "@guilds/protocol/tools/shell";
import { runCodeOp } from "../codeOp.ts";
import { defineTool } from "../tool.ts";
import type { ToolContext } from "../toolContext.ts";
import { followShellOutput } from "./liveShellOutput.ts";
import { shellDescription } from "./shellDescription.ts";

/** shell: one bash command in the agent's machine, in the foreground or the background. */
export const shellTool = defineTool({
  contract: shellContract,
  description: shellDescription,
  prepare: (_args, context) => prepareRepositories(context),
  async execute(args, context) {
    // A background command answers at once: its output is followed only while an operator looks.
    if (args.background) return runCodeOp(shellContract.name, args, context);
    const stopFollowing = followShellOutput(context);
    try {
      return await runCodeOp(shellContract.name, args, context);
    } finally {
      stopFollowing();
    }
  },
});

/** Before a command: the guild's repositories are cloned and their tokens refreshed for git. */
async function prepareRepositories(context: ToolContext): Promise<void> {
  for (const name of context.repositories.names) await context.repositories.ensureCloned(name);
  await context.repositories.refreshTokens();
}
