import { codeSearchContract } from "./codeSearch.ts";
import { codeTaskContract } from "./codeTask.ts";
import { fileReadContract } from "./fileRead.ts";
import { shellContract } from "./shell.ts";
import { shellStatusContract } from "./shellStatus.ts";
import type { ToolContract } from "./toolContract.ts";

/** Every tool's contract by its name, in the "Code tools" page's order after code_task. */
export const TOOL_CONTRACTS = {
  code_task: codeTaskContract,
  shell: shellContract,
  shell_status: shellStatusContract,
  file_read: fileReadContract,
  code_search: codeSearchContract,
} as const;
export type ToolName = keyof typeof TOOL_CONTRACTS;

/** The contract of a tool (or a helper op) by name; undefined for an op that is no tool. */
export function toolContractOf(name: string): ToolContract | undefined {
  return Object.hasOwn(TOOL_CONTRACTS, name) ? (TOOL_CONTRACTS[name as ToolName] as ToolContract) : undefined;
}
