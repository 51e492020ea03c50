import type { Agent } from "@guilds/client/apiTypes";

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

/**
 * An agent as the API shows it: "builder" (ag_1) of guild g_1, on the scripted model, without a
 * harness or machine limits of its own (so with the server's default machine); `fields` as given.
 */
export function agentView(fields: Partial<Agent> = {}): Agent {
  return {
    id: "ag_1",
    guild_id: "g_1",
    name: "builder",
    harness: null,
    harness_model: null,
    harness_effort: null,
    model: { provider: "scripted", name: "scripted", base_url: null },
    coding: true,
    max_tool_calls: 100,
    idle_stop_minutes: 30,
    limits: { pids: null, memory_bytes: null, cpus: null, disk_bytes: null },
    effective_limits: {
      pids: 1024,
      memory_bytes: 4 * GiB,
      cpus: 2,
      disk_bytes: 20 * GiB,
      tmpfs_bytes: 256 * MiB,
    },
    script: null,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    ...fields,
  };
}
