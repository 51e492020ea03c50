import { HARNESS_DISPLAY_NAMES, HARNESS_NAMES, type HarnessName } from "@guilds/protocol/harness";
import { CodeTaskError } from "./codeTaskError.ts";

/** The server setting that turns harnesses off for every agent. */
export const HARNESSES_OFF_VARIABLE = "GUILDS_HARNESSES_OFF";

/**
 * Step 1: the agent's harness. None picked is harness.missing; one the server turns off is
 * harness.off.
 */
export function chosenHarness(
  harness: HarnessName | null,
  harnessesOff: readonly HarnessName[],
  agentId: string,
): HarnessName {
  if (harness === null) {
    throw new CodeTaskError(
      "harness.missing",
      `This agent has no harness, so code_task has nothing to run. The operator picks one in the agent's settings: PATCH /api/agents/${agentId} with {"harness": "<name>"}, the name one of ${HARNESS_NAMES.join(", ")}. Until then, make the change yourself with shell.`,
    );
  }
  if (harnessesOff.includes(harness)) {
    const others = HARNESS_NAMES.filter((name) => !harnessesOff.includes(name));
    throw new CodeTaskError(
      "harness.off",
      `${HARNESS_DISPLAY_NAMES[harness]} (${harness}) is turned off on this server (${HARNESSES_OFF_VARIABLE}=${harnessesOff.join(",")}), so code_task cannot run it. The operator picks another harness for the agent${others.length > 0 ? ` (${others.join(", ")})` : ""}, or removes ${harness} from ${HARNESSES_OFF_VARIABLE} and restarts the server. Until then, make the change yourself with shell.`,
    );
  }
  return harness;
}
