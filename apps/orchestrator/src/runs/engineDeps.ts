import type { RunEventBus } from "../events/eventBus.ts";
import type { MachineRegistry } from "../machines/machineRegistry.ts";
import type { ModelProvider } from "../providers/modelProvider.ts";
import type { Agent } from "../store/agentStore.ts";
import type { Store } from "../store/store.ts";
import type { HelperTransport } from "../toolbox/helperTransport.ts";

export interface RunLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** What the generation loop and the tool calls it runs share. */
export interface EngineDeps {
  store: Store;
  events: RunEventBus;
  machines: MachineRegistry;
  helpers: HelperTransport;
  providerFor: (agent: Agent) => ModelProvider;
  /** CODE_RESULT_MAX_BYTES. */
  maxBytes: number;
  /** Lines must already be redacted. */
  logger: RunLogger;
}
