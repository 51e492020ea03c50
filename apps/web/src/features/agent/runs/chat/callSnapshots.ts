import type { FlowCall } from "../../../../runFlow/runFlow.ts";

/**
 * Frozen copies of the flow's calls. applyRunEvent changes a call in place, so React cannot tell a
 * changed call from an unchanged one by reference; a copy is made again only when one of the call's
 * fields changed, so a memoised row or block re-renders only for an event about its own call.
 */
export class CallSnapshots {
  private readonly copies = new Map<string, FlowCall>();

  of(call: FlowCall): FlowCall {
    const previous = this.copies.get(call.id);
    if (previous !== undefined && sameFields(previous, call)) return previous;
    const copy = Object.freeze({ ...call });
    this.copies.set(call.id, copy);
    return copy;
  }
}

/** Fields are replaced, never changed inside (progress, metadata, arguments): a shallow compare is enough. */
function sameFields(a: FlowCall, b: FlowCall): boolean {
  const left = a as unknown as Record<string, unknown>;
  const right = b as unknown as Record<string, unknown>;
  for (const key of Object.keys(right)) if (!Object.is(left[key], right[key])) return false;
  return true;
}
