import type { AgentScripts } from "../app/agentScripts.ts";
import type { RunEventBus } from "../events/eventBus.ts";
import type { RunService } from "../runs/runService.ts";
import type { Store } from "../store/store.ts";
import type { ErrorLogger } from "./errorHandler.ts";

/** What the HTTP app needs; startServices makes them, tests make their own. */
export interface AppDeps {
  store: Store;
  events: Pick<RunEventBus, "subscribe">;
  runs: Pick<RunService, "start" | "send" | "cancel">;
  scripts: AgentScripts;
  logger: ErrorLogger;
  /** Between SSE heartbeat comments; default SSE_HEARTBEAT_MS. */
  heartbeatMs?: number;
}
