import { formatArgsError } from "@guilds/protocol/argsError";
import type { ToolContract } from "@guilds/protocol/tools/toolContract";
import { z } from "zod";
import type { ToolContext } from "./toolContext.ts";

/** What a tool call gives back: text for the model, metadata for the UI. */
export interface ToolResult {
  /**
   * False for an outcome the model must act on: invalid arguments, the helper's { ok: false }, or a
   * fault of ours made a result (faultResult).
   */
  ok: boolean;
  text: string;
  meta: Record<string, unknown>;
  /**
   * On a result made from a fault of ours: what was thrown, for a caller that reports faults its own
   * way (`guilds tool` exits with it). Never stored: the call keeps the text and meta.error_code.
   */
  fault?: unknown;
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
  /** Runs with arguments already validated (defaults applied). Faults of ours throw: run makes them results. */
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
   * Validates the raw arguments, then prepares, executes and reviews. Never throws: invalid
   * arguments and a fault of ours (a GuildsError, or any other throw) are failed results.
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
      try {
        await definition.prepare?.(parsed.data, context);
        const result = await definition.execute(parsed.data, context);
        if (!result.ok || definition.review === undefined) return result;
        return await definition.review(result, context);
      } catch (caught) {
        return faultResult(contract.name, caught);
      }
    },
  };
}

/**
 * A fault of ours as the call's failed result, which the model reads like any other: the one place
 * faults become results (defineTool's run; the engine for the machine it gets before a call).
 * @example faultResult("shell", new GuildsError("helper.timeout", "code helper timed out: ..."))
 * // { ok: false, text: "The shell call failed: code helper timed out: ...", meta: { error_code: "helper.timeout" }, fault }
 */
export function faultResult(toolName: string, caught: unknown): ToolResult {
  const message = caught instanceof Error ? caught.message : String(caught);
  return {
    ok: false,
    text: `The ${toolName} call failed: ${message}`,
    meta: { error_code: faultCode(caught) },
    fault: caught,
  };
}

/**
 * The fault's stable code (a GuildsError's), else tool.failed. A thrown value with a string code of
 * its own (Node's system errors: ENOENT, ...) keeps it, as calls have always recorded.
 */
function faultCode(caught: unknown): string {
  if (typeof caught === "object" && caught !== null && "code" in caught && typeof caught.code === "string") {
    return caught.code;
  }
  return "tool.failed";
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
