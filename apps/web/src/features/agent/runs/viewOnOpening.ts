import type { DetailView } from "../../../runFlow/detailView.ts";
import type { FlowCall } from "../../../runFlow/runFlow.ts";

/**
 * The view a call opens on: a running code task on Result, its live progress (Code tasks);
 * otherwise the view already open when the call has it (Diff and Log are a code task's only), else
 * Result.
 */
export function viewOnOpening(
  call: Pick<FlowCall, "name" | "status"> | undefined,
  current: DetailView | null,
): DetailView {
  const isCodeTask = call?.name === "code_task";
  if (isCodeTask && call?.status === "running") return "result";
  if (current === null) return "result";
  if (!isCodeTask && (current === "diff" || current === "log")) return "result";
  return current;
}
