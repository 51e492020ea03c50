import type { AgentScripts } from "../app/agentScripts.ts";
import type { MachineFolderOutcome } from "../machines/machineFolder.ts";
import type { Store } from "../store/store.ts";
import { countOf, type Deletion, namedCount } from "./deletion.ts";

export interface AgentDeletionDeps {
  store: Store;
  scripts: Pick<AgentScripts, "delete">;
  /** Stops the agent's machine and removes its folder, or says where it stays and why. */
  removeMachine: (agentId: string) => Promise<MachineFolderOutcome>;
}

/**
 * Deletes an agent that has no run in progress (see AgentStore.delete): its runs with their
 * messages, generations, tool calls and events, its secrets, its model script, and its machine
 * folder (the home: its clones and run logs) once the machine is stopped.
 */
export async function deleteAgent(deps: AgentDeletionDeps, agentId: string): Promise<Deletion> {
  const { agent, runs, secrets } = await deps.store.agents.delete(agentId);
  deps.scripts.delete(agent.id);
  const removed: string[] = [];
  const kept: string[] = [];
  if (runs > 0) removed.push(`${countOf(runs, "run")} (their messages, generations, tool calls and events)`);
  if (secrets.length > 0) removed.push(namedCount(secrets, "secret"));
  const machine = await deps.removeMachine(agent.id);
  if (machine.state === "removed") {
    removed.push(`its machine folder ${machine.folder} (its home: clones, run logs)`);
  } else if (machine.state === "kept") {
    kept.push(`its machine folder ${machine.folder} (its home: clones, run logs): ${machine.reason}`);
  }
  return { kind: "agent", id: agent.id, name: agent.name, removed, kept };
}
