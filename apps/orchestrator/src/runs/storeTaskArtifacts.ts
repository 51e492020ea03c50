import type { MachineRegistry } from "../machines/machineRegistry.ts";
import type { Store } from "../store/store.ts";
import { createTaskArtifacts, type TaskArtifacts } from "../tools/codeTask/taskArtifacts.ts";
import { loadGenerationContext } from "./generationContext.ts";

/** Task logs and diffs for the API, redacted as the agent's generations are. */
export function storeTaskArtifacts(store: Store, machines: Pick<MachineRegistry, "forAgent">): TaskArtifacts {
  return createTaskArtifacts({
    store,
    machines,
    redactorFor: async (agentId) => (await loadGenerationContext(store, agentId)).redactor,
  });
}
