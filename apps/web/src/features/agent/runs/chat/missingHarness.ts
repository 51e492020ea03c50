import { metaFields } from "@guilds/protocol/metaFields";
import { CallMeta } from "@guilds/protocol/toolMeta";
import type { FlowCall } from "../../../../runFlow/runFlow.ts";

/** The code of a code_task refused because its agent has no harness (Code tasks, step 1). */
export const HARNESS_MISSING = "harness.missing";

/**
 * The operator's words for harness.missing. The result keeps the server's text, which the model
 * read; it names an API call, where the operator has the agent's Harness field one link away.
 */
export const MISSING_HARNESS_LINE = "This agent has no harness: pick one in its settings' Harness field.";

export function isMissingHarness(call: Pick<FlowCall, "name" | "metadata">): boolean {
  return call.name === "code_task" && metaFields(CallMeta, call.metadata).error_code === HARNESS_MISSING;
}
