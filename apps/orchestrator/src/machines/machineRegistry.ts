import { chmodSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import type { Agent } from "../store/agentStore.ts";
import { createLocalMachine } from "./local/localMachine.ts";
import type { MachineExtras, MachineLogger, SandboxMode } from "./local/localOptions.ts";
import type { Machine } from "./machine.ts";
import { type MachineFolderOutcome, removeMachineFolder } from "./machineFolder.ts";

export interface MachineRegistry {
  /** The agent's machine (created on first use, not started: the transport wakes it). */
  forAgent(agent: Pick<Agent, "id" | "idleStopMinutes">): Promise<Machine>;
  /** Stops every machine this registry made. */
  stopAll(): Promise<void>;
  /** For a deleted agent: stops its machine, forgets it, and removes its folder, home and all. */
  remove(agentId: string): Promise<MachineFolderOutcome>;
}

export interface MachineRegistryOptions {
  /** GUILDS_HOME: each agent's machine lives in <home>/machines/<agent id>. */
  home: string;
  sandbox?: SandboxMode;
  logger?: MachineLogger;
  /** The harness CLIs and the network every machine gets. */
  extras?: MachineExtras;
}

/** One local machine per agent, made once and shared by all its runs. */
export function createMachineRegistry(options: MachineRegistryOptions): MachineRegistry {
  const machines = new Map<string, Promise<Machine>>();
  return {
    forAgent(agent) {
      const existing = machines.get(agent.id);
      if (existing !== undefined) return existing;
      openMachinesFolder(options.home);
      const created = createLocalMachine({
        agentId: agent.id,
        root: machineRoot(options.home, agent.id),
        sandbox: options.sandbox ?? "auto",
        ...options.extras,
        idleStopMs: agent.idleStopMinutes * 60_000,
        ...(options.logger === undefined ? {} : { logger: options.logger }),
      });
      machines.set(agent.id, created);
      created.catch(() => machines.delete(agent.id));
      return created;
    },
    async stopAll() {
      const all = [...machines.values()];
      await Promise.allSettled(all.map(async (machine) => (await machine).stop()));
    },
    async remove(agentId) {
      const root = machineRoot(options.home, agentId);
      const made = machines.get(agentId);
      machines.delete(agentId);
      try {
        await (await made?.catch(() => undefined))?.stop();
      } catch (caught) {
        const reason = caught instanceof Error ? caught.message : String(caught);
        return { folder: root, state: "kept", reason: `its machine did not stop (${reason})` };
      }
      return removeMachineFolder(root);
    },
  };
}

export function machineRoot(home: string, agentId: string): string {
  return path.join(home, "machines", agentId);
}

/**
 * As root the sandboxes run as other uids, and bwrap finds a home as that uid: the data folder
 * (created 0700) and its machines/ folder must be searchable by others, though never listable.
 */
function openMachinesFolder(home: string): void {
  const machines = path.join(home, "machines");
  mkdirSync(machines, { recursive: true, mode: 0o711 });
  if (process.getuid?.() !== 0) return;
  for (const folder of [home, machines]) {
    const mode = statSync(folder).mode & 0o7777;
    if ((mode & 0o001) === 0) chmodSync(folder, mode | 0o001);
  }
}
