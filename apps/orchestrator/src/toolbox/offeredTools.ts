import { CODE_TOOLS, type ModelToolSchema } from "./code.ts";
import { codeTaskTool } from "./harness.ts";
import type { Tool } from "./tool.ts";

type OfferedTool = Pick<Tool<never>, "name" | "description" | "inputSchema">;

/** The five tools of a coding agent's generations, in the "Code tools" page's order. */
export const OFFERED_TOOLS: readonly OfferedTool[] = [codeTaskTool, ...CODE_TOOLS];

export function offeredToolSchemas(): ModelToolSchema[] {
  return OFFERED_TOOLS.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema,
  }));
}
