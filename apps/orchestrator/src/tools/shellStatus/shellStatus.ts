import { shellStatusContract } from "@guilds/protocol/tools/shellStatus";
import { runCodeOp } from "../codeOp.ts";
import { defineTool } from "../tool.ts";
import { shellStatusDescription } from "./shellStatusDescription.ts";

/** shell_status: the background commands of the run, or one of them, or stop one. */
export const shellStatusTool = defineTool({
  contract: shellStatusContract,
  description: shellStatusDescription,
  execute: (args, context) => runCodeOp(shellStatusContract.name, args, context),
});
