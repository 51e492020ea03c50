import type { Redactor } from "./redactor.ts";
import { remainingToolCallsTrailer } from "./remainingToolCalls.ts";
import { capResult } from "./resultCap.ts";

export interface PipelineOptions {
  redactor: Redactor;
  /** Tool calls the run may still make once this one is counted. */
  remainingToolCalls: number;
}

export interface PipelineResult {
  text: string;
  /** The 64 KiB cap removed part of the text: a cut file_read never counts as a read. */
  cut: boolean;
}

/**
 * "The platform pipeline then runs unchanged: redaction, the 64 KiB cap, and the
 * remaining_tool_calls trailer." Redaction comes first, so a secret across the cap's boundary is
 * never half shown; the trailer comes last, outside the cap, so it is never cut.
 */
export function applyPipeline(text: string, options: PipelineOptions): PipelineResult {
  const capped = capResult(options.redactor.redact(text));
  return { text: capped.text + remainingToolCallsTrailer(options.remainingToolCalls), cut: capped.cut };
}
