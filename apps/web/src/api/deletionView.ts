/**
 * What DELETE /api/guilds/{id}, /api/repositories/{id} and /api/agents/{id} answer (the server's
 * DeletionView in apps/orchestrator/src/server/viewSchemas.ts): what went, and what stays and why.
 */
export interface DeletionView {
  deleted: "guild" | "repository" | "agent";
  id: string;
  name: string;
  removed: string[];
  kept: string[];
}
