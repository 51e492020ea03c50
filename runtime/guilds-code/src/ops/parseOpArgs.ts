import { formatArgsError } from "@guilds/protocol/argsError";
import type { CheckResult } from "@guilds/protocol/checkIssues";
import type { OpResult } from "../context.ts";

export type ParsedArgs<T> = { ok: true; args: T } | { ok: false; result: OpResult };

/**
 * Validates a tool's arguments with its hand-written check (@guilds/protocol/toolArgsCheck: zod's
 * texts without loading zod). Invalid arguments are something the model reads and fixes, so they
 * come back as a result (with empty meta), never as an error.
 */
export function parseOpArgs<T>(
  tool: string,
  check: (input: unknown) => CheckResult<T>,
  raw: unknown,
): ParsedArgs<T> {
  const parsed = check(raw ?? {});
  if (parsed.success) return { ok: true, args: parsed.data };
  return { ok: false, result: { text: formatArgsError(tool, parsed, raw), meta: {} } };
}
