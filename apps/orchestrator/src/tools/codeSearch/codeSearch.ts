import { codeSearchContract } from "@guilds/protocol/tools/codeSearch";
import { runCodeOp } from "../codeOp.ts";
import { defineTool } from "../tool.ts";
import { codeSearchDescription } from "./codeSearchDescription.ts";

/** code_search: files by name or lines by content, through ripgrep in the agent's machine. */
export const codeSearchTool = defineTool({
  contract: codeSearchContract,
  description: codeSearchDescription,
  execute: (args, context) => runCodeOp(codeSearchContract.name, args, context),
});
