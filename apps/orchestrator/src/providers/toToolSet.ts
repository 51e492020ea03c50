import { type JSONSchema7, jsonSchema, type ToolSet, tool } from "ai";
import type { ModelToolSchema } from "../tools/tool.ts";

/**
 * The tools as the AI SDK offers them to a model: name, description and JSON schema, sent as they
 * are. No `execute`: the SDK never runs a tool, the run engine does. No `validate` either: the tool
 * layer validates the arguments and answers invalid ones with a result.
 */
export function toToolSet(tools: readonly ModelToolSchema[]): ToolSet {
  const toolSet: ToolSet = {};
  for (const schema of tools) {
    toolSet[schema.name] = tool({
      description: schema.description,
      inputSchema: jsonSchema(schema.input_schema as JSONSchema7),
    });
  }
  return toolSet;
}
