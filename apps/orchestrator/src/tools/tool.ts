import { formatArgsError } from "@guilds/protocol/argsError";
import type { ToolContract } from "@guilds/protocol/tools/toolContract";
import { z } from "zod";
import type { ToolContext } from "./toolContext.ts";

/** What a tool call gives back: text for the model, metadata for the UI. */
export interface ToolResult {
  /** False for an outcome the model must act on: invalid arguments, or the helper's { ok: false }. */
  ok: boolean;
  text: string;
  meta: Record<string, unknown>;
}

/** A tool's prose for the model: what it does, and one line per argument. */
export interface ToolDescription {
  text: string;
  args: Record<string, string>;
}

export interface ToolDefinition<Args extends z.ZodType> {
  /** The protocol's contract: the name, the arguments' schema, the metadata and the policy facts. */
  contract: ToolContract<Args>;
  description: ToolDescription;
  /** Before execute, arguments valid: what the call needs in the machine first (repositories, tokens). */
  prepare?(args: z.output<Args>, context: ToolContext): Promise<void>;
  /** Runs with arguments already validated (defaults applied). Faults of ours throw. */
  execute(args: z.output<Args>, context: ToolContext): Promise<ToolResult>;
  /** After an ok result, before the platform pipeline: what the tool changes in its own result. */
  review?(result: ToolResult, context: ToolContext): Promise<ToolResult>;
}

export interface Tool {
  readonly name: string;
  readonly description: string;
  readonly contract: ToolContract;
  /** The arguments' JSON schema as a model sees it, each property described. */
  readonly inputSchema: Record<string, unknown>;
  /**
   * Validates the raw arguments, then prepares, executes and reviews; invalid arguments are a
   * result, never a throw.
   */
  run(input: unknown, context: ToolContext): Promise<ToolResult>;
}

/** What a model is offered for each tool: its name, its prose and its arguments' JSON schema. */
export interface ModelToolSchema {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/** A tool is a value: its contract, its prose and its execution, made one way for every tool. */
export function defineTool<Args extends z.ZodType>(definition: ToolDefinition<Args>): Tool {
  const { contract } = definition;
  return {
    name: contract.name,
    description: definition.description.text,
    contract: contract as ToolContract,
    inputSchema: describedJsonSchema(contract.args, definition.description.args),
    async run(input, context) {
      const parsed = contract.args.safeParse(input);
      if (!parsed.success) {
        return {
          ok: false,
          text: formatArgsError(contract.name, parsed.error, input),
          meta: { error_code: "args.invalid" },
        };
      }
      await definition.prepare?.(parsed.data, context);
      const result = await definition.execute(parsed.data, context);
      if (!result.ok || definition.review === undefined) return result;
      return definition.review(result, context);
    },
  };
}

export function modelToolSchema(tool: Tool): ModelToolSchema {
  return { name: tool.name, description: tool.description, input_schema: tool.inputSchema };
}

/** The input-side JSON schema (defaults make a field optional), with the prose set per property. */
function describedJsonSchema(args: z.ZodType, descriptions: Record<string, string>): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(args, { io: "input" }) as Record<string, unknown>;
  const properties = schema.properties;
  if (typeof properties !== "object" || properties === null) return schema;
  const described: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    const description = descriptions[name];
    described[name] = description === undefined ? property : { description, ...(property as object) };
  }
  return { ...schema, properties: described };
}
