import type { AgentScripts } from "../app/agentScripts.ts";
import type { RunEventBus } from "../events/eventBus.ts";
import type { ServerLogger } from "../logging/serverLogger.ts";
import type { MachineLimitMaxima } from "../machines/limitMaxima.ts";
import type { MachineRegistry } from "../machines/machineRegistry.ts";
import type { RunService } from "../runs/runService.ts";
import type { Store } from "../store/store.ts";
import type { TaskArtifacts } from "../tools/codeTask/taskArtifacts.ts";
import type { BackgroundOutput } from "../tools/shell/backgroundOutput.ts";
import type { ErrorLogger } from "./errorHandler.ts";
import type { ServerHealth } from "./health/healthRoutes.ts";

/** What the HTTP app needs; startServices makes them, tests make their own. */
export interface AppDeps {
  store: Store;
  events: Pick<RunEventBus, "subscribe">;
  runs: Pick<RunService, "start" | "send" | "cancel" | "openClientRun">;
  scripts: AgentScripts;
  /**
   * The agents' machines, to stop a deleted agent's and remove its folder. Without them a deleted
   * agent's folder is kept, and the answer says where.
   */
  machines?: Pick<MachineRegistry, "remove">;
  /** code_task's harness logs and diffs, read from the agents' machines. */
  tasks?: TaskArtifacts;
  /** Background shell commands' live output, read from the agents' machines for an open detail. */
  shellOutput?: BackgroundOutput;
  logger: ErrorLogger;
  /** Where each request's line goes (logging/accessLog.ts); default none, the request ids all the same. */
  accessLog?: Pick<ServerLogger, "info">;
  /** The server's maxima of the agents' machine limits, and its tmpfs size; default none (config.ts). */
  machineLimits?: MachineLimitMaxima;
  /** The built web app served at `/`; default apps/web/dist when built, null for none. */
  webAppFolder?: string | null;
  /** An MCP session idle this long is closed (config mcpIdleMs); default 60 minutes. */
  mcpIdleMs?: number;
  /** Aborted as the server stops, after its runs have ended: the MCP sessions are closed then. */
  stopping?: AbortSignal;
  /** Between SSE heartbeat comments; default SSE_HEARTBEAT_MS. */
  heartbeatMs?: number;
  /** What /readyz checks and /version says; default the store's check and kind. */
  health?: ServerHealth;
  /**
   * Who may reach the app (config.ts: GUILDS_CORS_ORIGINS, GUILDS_ALLOWED_HOSTS, GUILDS_METRICS_TOKEN);
   * default none but this host, and /metrics from this host alone.
   */
  http?: { corsOrigins?: readonly string[]; allowedHosts?: readonly string[]; metricsToken?: string };
}
