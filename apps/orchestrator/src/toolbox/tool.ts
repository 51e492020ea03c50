import { formatArgsError } from "@guilds/protocol/argsError";
import { z } from "zod";

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

export interface ToolDefinition<Args extends z.ZodType, Context> {
  name: string;
  description: ToolDescription;
  args: Args;
  /** Runs with arguments already validated (defaults applied). Faults of ours throw ToolboxError. */
  execute(args: z.output<Args>, context: Context): Promise<ToolResult>;
}

export interface Tool<Context> {
  readonly name: string;
  readonly description: string;
  readonly args: z.ZodType;
  /** The arguments' JSON schema as a model sees it, each property described. */
  readonly inputSchema: Record<string, unknown>;
  /** Validates the raw arguments, then executes; invalid arguments are a result, never a throw. */
  run(input: unknown, context: Context): Promise<ToolResult>;
}

/** A tool is a value: its schema, its prose and its execution, made one way for every tool. */
export function defineTool<Args extends z.ZodType, Context>(
  definition: ToolDefinition<Args, Context>,
): Tool<Context> {
  return {
    name: definition.name,
    description: definition.description.text,
    args: definition.args,
    inputSchema: describedJsonSchema(definition.args, definition.description.args),
    async run(input, context) {
      const parsed = definition.args.safeParse(input);
      if (!parsed.success) {
        return {
          ok: false,
          text: formatArgsError(definition.name, parsed.error, input),
          meta: { error_code: "args.invalid" },
        };
      }
      return definition.execute(parsed.data, context);
    },
  };
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
