import type { Agent, NewAgent } from "../../src/store/agentStore.ts";
import type { Guild } from "../../src/store/guildStore.ts";
import type { Run } from "../../src/store/runStore.ts";
import type { Store } from "../../src/store/store.ts";

// No vitest here: fixtures/crashingWriter.ts is bundled to run as a process of its own.

export interface SeededAgent {
  guild: Guild;
  agent: Agent;
}

export interface Seeded extends SeededAgent {
  run: Run;
}

/** A guild with one scripted agent, "coder"; `agent` sets more of the agent's fields. */
export async function seedAgent(
  store: Store,
  guildName = "acme",
  agent: Partial<NewAgent> = {},
): Promise<SeededAgent> {
  const guild = await store.guilds.create({ name: guildName });
  const created = await store.agents.create({
    guildId: guild.id,
    name: "coder",
    modelProvider: "scripted",
    modelName: "demo",
    ...agent,
  });
  return { guild, agent: created };
}

/** A guild with one scripted agent and one running run. */
export async function seedRun(store: Store, guildName = "acme"): Promise<Seeded> {
  const { guild, agent } = await seedAgent(store, guildName);
  const run = await store.runs.create({ agentId: agent.id });
  return { guild, agent, run };
}
