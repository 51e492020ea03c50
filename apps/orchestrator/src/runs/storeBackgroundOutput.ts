import type { MachineRegistry } from "../machines/machineRegistry.ts";
import type { Store } from "../store/store.ts";
import type { HelperTransport } from "../toolbox/helperTransport.ts";
import { type BackgroundOutput, createBackgroundOutput } from "../tools/shell/backgroundOutput.ts";
import { loadGenerationContext } from "./generationContext.ts";

/**
 * Background commands' live output for the API, redacted as the agent's generations are; over the
 * run engine's `helpers` when given (each machine's long-lived helper), else one process per read.
 */
export function storeBackgroundOutput(
  store: Store,
  machines: Pick<MachineRegistry, "forAgent">,
  helpers?: HelperTransport,
): BackgroundOutput {
  return createBackgroundOutput({
    store,
    machines,
    redactorFor: async (agentId) => (await loadGenerationContext(store, agentId)).redactor,
    ...(helpers === undefined ? {} : { helpers }),
  });
}
