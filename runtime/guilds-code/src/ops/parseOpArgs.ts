import { formatArgsError } from "@guilds/protocol/argsError";
import type { z } from "zod";
import type { OpResult } from "../context.ts";

export type ParsedArgs<T> = { ok: true; args: T } | { ok: false; result: OpResult };

/**
 * Validates a tool's arguments. Invalid arguments are something the model reads and fixes, so they
 * come back as a result (with empty meta), never as an error.
 */
export function parseOpArgs<Schema extends z.ZodType>(
  tool: string,
  schema: Schema,
  raw: unknown,
): ParsedArgs<z.infer<Schema>> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return { ok: true, args: parsed.data };
  return { ok: false, result: { text: formatArgsError(tool, parsed.error, raw), meta: {} } };
}
