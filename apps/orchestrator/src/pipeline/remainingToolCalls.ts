/** What precedes the count in the trailer ending every tool result. */
export const REMAINING_TOOL_CALLS_TRAILER_PREFIX = "\n\nremaining_tool_calls: ";

/** The trailer: how many tool calls the run's max_tool_calls still allows. */
export function remainingToolCallsTrailer(remainingToolCalls: number): string {
  return `${REMAINING_TOOL_CALLS_TRAILER_PREFIX}${remainingToolCalls}`;
}
