import type { HarnessName } from "@guilds/protocol/harness";
import type { FlowCall, FlowStep } from "../../../../runFlow/runFlow.ts";
import { codeTaskBlockModel } from "./codeTaskBlockModel.ts";
import { CODE_TASK_TOOL } from "./flowItems.ts";

export interface StepHarness {
  harness: HarnessName | null;
  /** One of the step's code tasks runs. */
  running: boolean;
}

/**
 * The logo a step carries on the rail: the harness of its code task, the one its result names, else
 * the agent's harness (Code tasks). A step without a code task keeps its dot (harness null).
 */
export function stepHarness(
  step: Pick<FlowStep, "callIds">,
  calls: ReadonlyMap<string, FlowCall>,
  agentHarness: HarnessName | null,
): StepHarness {
  let harness: HarnessName | null = null;
  let running = false;
  for (const callId of step.callIds) {
    const call = calls.get(callId);
    if (call?.name !== CODE_TASK_TOOL) continue;
    harness ??= codeTaskBlockModel(call, agentHarness, 0).harness;
    running ||= call.status === "running";
  }
  return { harness, running };
}
