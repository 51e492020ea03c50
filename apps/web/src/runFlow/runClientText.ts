import type { Run } from "@guilds/client/apiTypes";

/**
 * "over MCP from claude-code 2.1.197" for a run an MCP client drives (its metadata.client), else
 * null: a run of the agent's own model says nothing.
 */
export function runClientText(run: Pick<Run, "metadata">): string | null {
  const client = run.metadata.client;
  if (typeof client !== "object" || client === null || Array.isArray(client)) return null;
  const { protocol, name } = client as Record<string, unknown>;
  if (typeof protocol !== "string" || typeof name !== "string") return null;
  return `over ${protocol.toUpperCase()} from ${name}`;
}
