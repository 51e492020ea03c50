import type { RunEventBus } from "../events/eventBus.ts";
import type { MachineRegistry } from "../machines/machineRegistry.ts";
import type { ModelProvider } from "../providers/modelProvider.ts";
import type { Agent } from "../store/agentStore.ts";
import type { Store } from "../store/store.ts";
import type { HelperTransport } from "../toolbox/helperTransport.ts";
import type { CodeTaskDeps } from "../tools/codeTask/harnessOps.ts";
import type { Tool } from "../tools/tool.ts";

export interface RunLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/**
 * The model of one generation of the agent, as its settings are now; `secretEnv` is the agent's and
 * its guild's secrets by name and alias (GenerationContext.secretEnv), where a model key is read.
 */
export type ProviderForAgent = (agent: Agent, secretEnv: Readonly<Record<string, string>>) => ModelProvider;

/** What the generation loop and the tool calls it runs share. */
export interface EngineDeps {
  store: Store;
  events: RunEventBus;
  machines: MachineRegistry;
  helpers: HelperTransport;
  providerFor: ProviderForAgent;
  /** The tools a coding agent's generations are offered, in order, and the only ones its calls run. */
  tools: readonly Tool[];
  /** CODE_RESULT_MAX_BYTES. */
  maxBytes: number;
  codeTasks: CodeTaskDeps;
  /** Lines must already be redacted. */
  logger: RunLogger;
}
