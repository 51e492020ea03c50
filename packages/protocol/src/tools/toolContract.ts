import type { z } from "zod";

/** How long the transport waits for a helper's answer: the page's defaults, shorter in tests. */
export interface OpDeadlines {
  /** "A guilds-code op waits up to 120 seconds" */
  opMs: number;
  /** "shell waits its own timeout plus 30 seconds" */
  shellExtraMs: number;
}

/**
 * One tool as the wire knows it: its name, its arguments, its metadata and its policy facts. The
 * orchestrator's tool, the transport and the readers of stored metadata all read this one value.
 */
export interface ToolContract<Args extends z.ZodType = z.ZodType, Meta extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly args: Args;
  /** The tool's own metadata fields (every call may add CallMeta's). */
  readonly meta: Meta;
  /** Whether a call with these arguments only reads: it changes nothing in the machine. */
  readOnly(args: z.output<Args>): boolean;
  /** Whether a request may be sent again after the long-lived helper died holding it. */
  repeatable(args: z.output<Args>): boolean;
  /** How long the transport waits for the helper's answer to a call with these arguments. */
  deadlineMs(args: z.output<Args>, deadlines: OpDeadlines): number;
}

/** Keeps each contract's own argument and metadata types while checking it is a ToolContract. */
export function defineToolContract<Args extends z.ZodType, Meta extends z.ZodType>(
  contract: ToolContract<Args, Meta>,
): ToolContract<Args, Meta> {
  return contract;
}

/** The op timeout, for a tool whose arguments do not set its own. */
export function opDeadline(_args: unknown, deadlines: OpDeadlines): number {
  return deadlines.opMs;
}
