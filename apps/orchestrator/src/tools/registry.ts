import { codeSearchTool } from "./codeSearch/codeSearch.ts";
import { codeTaskTool } from "./codeTask/codeTask.ts";
import { fileReadTool } from "./fileRead/fileRead.ts";
import { shellTool } from "./shell/shell.ts";
import { shellStatusTool } from "./shellStatus/shellStatus.ts";
import { type ModelToolSchema, modelToolSchema, type Tool } from "./tool.ts";

/** The four check tools, which also run one at a time from the command line (`guilds tool`). */
export const CODE_TOOLS: readonly Tool[] = [shellTool, shellStatusTool, fileReadTool, codeSearchTool];

/**
 * The five tools of a coding agent's generations, in the "Code tools" page's order: the run service
 * offers these unless it is given others (EngineDeps.tools).
 */
export const OFFERED_TOOLS: readonly Tool[] = [codeTaskTool, ...CODE_TOOLS];

export function findCodeTool(name: string): Tool | undefined {
  return CODE_TOOLS.find((tool) => tool.name === name);
}

export function offeredToolSchemas(): ModelToolSchema[] {
  return OFFERED_TOOLS.map(modelToolSchema);
}

export function codeToolSchemas(): ModelToolSchema[] {
  return CODE_TOOLS.map(modelToolSchema);
}
