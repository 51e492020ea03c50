import { chmodSync, existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import type { Agent } from "../store/agentStore.ts";
import { containerNameOf, serverIdOf } from "./docker/containerLabels.ts";
import { removeMachineContainer } from "./docker/containerRemoval.ts";
import { removeContainersOfGoneAgents } from "./docker/containerSweep.ts";
import { type ContainerEngine, type ContainerNetwork, createDockerMachine } from "./docker/dockerMachine.ts";
import { createLatestLimits } from "./latestLimits.ts";
import type { MachineLimitMaxima } from "./limitMaxima.ts";
import { unmountStaleHomeImages } from "./local/home/homeImage.ts";
import { createLocalMachine } from "./local/localMachine.ts";
import type { MachineExtras, MachineLogger, SandboxMode } from "./local/localOptions.ts";
import type { Machine } from "./machine.ts";
import { type MachineFolderOutcome, removeMachineFolder } from "./machineFolder.ts";

export interface MachineRegistry {
  /**
   * The agent's machine (created on first use, not started: the transport wakes it). Each call
   * passes the agent as it is now: its machine's next start takes the limits of the latest (the
   * defaults when no call gave them).
   */
  forAgent(agent: Pick<Agent, "id" | "idleStopMinutes"> & Partial<Pick<Agent, "limits">>): Promise<Machine>;
  /** Stops every machine this registry made. */
  stopAll(): Promise<void>;
  /** For a deleted agent: stops its machine, forgets it, and removes its folder, home and all. */
  remove(agentId: string): Promise<MachineFolderOutcome>;
  /**
   * At start-up: removes what is left of agents deleted while no server ran (a container machine's
   * container); returns their ids. A local machine leaves nothing running behind.
   */
  removeLeftovers(agentExists: (agentId: string) => Promise<boolean>): Promise<string[]>;
}

export interface MachineRegistryOptions {
  /** GUILDS_HOME: the data folder. */
  home: string;
  /** GUILDS_MACHINES_DIR: each agent's machine lives in <machinesDir>/<agent id> (default <home>/machines). */
  machinesDir?: string;
  sandbox?: SandboxMode;
  logger?: MachineLogger;
  /** The harness CLIs and the network every machine gets. */
  extras?: MachineExtras;
  /** The server's maxima of the machine limits and its tmpfs size (GUILDS_MAX_*); default none. */
  maxima?: MachineLimitMaxima;
  /**
   * GUILDS_MACHINE_PROVIDER=docker: each machine a container of this engine (made from `image`,
   * GUILDS_SANDBOX_IMAGE, default guilds-sandbox:<version>); default the local provider.
   */
  docker?: { engine: ContainerEngine; image?: string; network?: ContainerNetwork };
}

/** One machine per agent (local, or a container), made once and shared by all its runs. */
export function createMachineRegistry(options: MachineRegistryOptions): MachineRegistry {
  const machines = new Map<string, Promise<Machine>>();
  const latestLimits = createLatestLimits(options.maxima ?? {});
  const machinesDir = options.machinesDir ?? path.join(options.home, "machines");
  const staleUnmounted = unmountStaleHomeImages(machinesDir).catch(() => {});
  const serverId = serverIdOf(machinesDir);
  const makeMachine = async (agent: Pick<Agent, "id" | "idleStopMinutes">): Promise<Machine> => {
    openMachinesFolder(options.home, machinesDir);
    const { docker } = options;
    if (docker !== undefined) {
      return createDockerMachine({
        engine: docker.engine,
        agentId: agent.id,
        root: machineRoot(machinesDir, agent.id),
        serverId,
        ...(docker.image === undefined ? {} : { image: docker.image }),
        ...harnessDirOf(options.extras),
        network: docker.network ?? options.extras?.network ?? "isolated",
        idleStopMs: agent.idleStopMinutes * 60_000,
        limits: latestLimits.reader(agent.id),
        limitsOff: options.extras?.limitsOff ?? false,
        ...(options.logger === undefined ? {} : { logger: options.logger }),
      });
    }
    return createLocalMachine({
      agentId: agent.id,
      root: machineRoot(machinesDir, agent.id),
      sandbox: options.sandbox ?? "auto",
      ...options.extras,
      idleStopMs: agent.idleStopMinutes * 60_000,
      homeImage: true,
      limits: latestLimits.reader(agent.id),
      ...(options.logger === undefined ? {} : { logger: options.logger }),
    });
  };
  return {
    forAgent(agent) {
      latestLimits.remember(agent);
      const existing = machines.get(agent.id);
      if (existing !== undefined) return existing;
      const created = staleUnmounted.then(() => makeMachine(agent));
      machines.set(agent.id, created);
      created.catch(() => machines.delete(agent.id));
      return created;
    },
    async stopAll() {
      const all = [...machines.values()];
      await Promise.allSettled(all.map(async (machine) => (await machine).stop()));
    },
    async removeLeftovers(agentExists) {
      if (options.docker === undefined) return [];
      return removeContainersOfGoneAgents(options.docker.engine.docker, serverId, agentExists);
    },
    async remove(agentId) {
      const root = machineRoot(machinesDir, agentId);
      const made = machines.get(agentId);
      machines.delete(agentId);
      latestLimits.forget(agentId);
      try {
        await (await made?.catch(() => undefined))?.stop();
        if (options.docker)
          await removeMachineContainer(options.docker.engine.docker, containerNameOf(serverId, agentId));
      } catch (caught) {
        const reason = caught instanceof Error ? caught.message : String(caught);
        return { folder: root, state: "kept", reason: `its machine did not stop (${reason})` };
      }
      return removeMachineFolder(root);
    },
  };
}

/** The harness CLIs' prefix a container binds, when it is there. */
function harnessDirOf(extras: MachineExtras | undefined): { harnessDir?: string } {
  const harnessDir = extras?.harnessDir;
  return harnessDir !== undefined && existsSync(harnessDir) ? { harnessDir } : {};
}

/** The folder of an agent's machine; `machinesDir` is Config.machinesDir. */
export function machineRoot(machinesDir: string, agentId: string): string {
  return path.join(machinesDir, agentId);
}

/**
 * As root the sandboxes run as other uids, and bwrap finds a home as that uid: the machines folder
 * must be searchable by others, though never listable, and so must the data folder (created 0700)
 * when it holds it. A machines folder elsewhere (GUILDS_MACHINES_DIR) needs its parents searchable.
 */
function openMachinesFolder(home: string, machinesDir: string): void {
  mkdirSync(machinesDir, { recursive: true, mode: 0o711 });
  if (process.getuid?.() !== 0) return;
  const inHome = !path.relative(home, machinesDir).startsWith("..");
  for (const folder of inHome ? [home, machinesDir] : [machinesDir]) {
    const mode = statSync(folder).mode & 0o7777;
    if ((mode & 0o001) === 0) chmodSync(folder, mode | 0o001);
  }
}
