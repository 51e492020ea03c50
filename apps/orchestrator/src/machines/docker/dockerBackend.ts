import { mkdir } from "node:fs/promises";
import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import { SANDBOX_HOME, SANDBOX_RUNTIME_DIR } from "@guilds/protocol/runtimePaths";
import type Docker from "dockerode";
import type { MachineBackend } from "../lifecycle/machineBackend.ts";
import { harnessBinOf, machineSearchPath, SANDBOX_HARNESS_DIR } from "../lifecycle/machinePaths.ts";
import { giveHomeTo, type SandboxUser, writeSandboxIdentity } from "../local/bwrap/sandboxUser.ts";
import type { MachineLogger } from "../local/localOptions.ts";
import type { MachineLimits } from "../machineLimits.ts";
import { writeFileByArchive } from "./archiveWrite.ts";
import { watchContainerEnd } from "./containerEnd.ts";
import { execInContainer } from "./containerExec.ts";
import { CONTAINER_LABELS, containerNameOf } from "./containerLabels.ts";
import { removeMachineContainer } from "./containerRemoval.ts";
import { type ContainerPlan, containerCreateOptions, planDigest } from "./containerSpec.ts";
import { untilStopped } from "./containerStopped.ts";
import type { EngineFlavor } from "./engineFlavor.ts";
import { watchProcessLimit } from "./processLimitWatch.ts";

/** Inside the image: node and the helpers (images/sandbox). */
export const CONTAINER_BIN_DIR = "/opt/guilds/bin";
/** A stop waits this long after SIGTERM before the engine kills what is left. */
const STOP_GRACE_SECONDS = 2;

export interface DockerBackendOptions {
  docker: Docker;
  flavor: EngineFlavor;
  agentId: string;
  /** The machine's folder on this host: container/ (its passwd and group files). */
  root: string;
  /** The agent home on this host, bound into the container. */
  home: string;
  serverId: string;
  /** The image's id at each start: a changed id recreates the container. */
  imageId: () => Promise<string>;
  user: SandboxUser;
  /** The harness CLIs' npm prefix on this host, bound read-only; null when there is none. */
  harnessDir: string | null;
  /** "none", "host", or the egress network's name, at each start. */
  networkMode: () => Promise<string>;
  /**
   * Once the container runs, before anything runs in it: the network's host firewall checked again
   * (an engine may put its own rules before ours as it starts a container).
   */
  afterContainerStart: () => Promise<void>;
  limits: () => MachineLimits;
  limitsOff: boolean;
  logger: MachineLogger;
}

interface Running {
  id: string;
  alive: boolean;
  stopping: boolean;
  stopWatch: () => void;
  stopLimitWatch: () => void;
  /** Folders known to exist since this start (a stop empties /run/guilds). */
  folders: Set<string>;
  /** The container's first process, as this host numbers it; null when the engine is elsewhere. */
  hostPid: number | null;
}

/**
 * One container per machine, made on its first start and kept stopped between starts: its home is
 * a folder of this host bound in (so it outlives the container, an image upgrade and a switch of
 * provider), its /run/guilds a tmpfs gone with every stop. A start finds the container by name:
 * running (a server restarted), it is adopted as it is; made from another image or other settings,
 * it is made again; stopped, it is started.
 */
export function createDockerBackend(options: DockerBackendOptions): MachineBackend {
  const { docker, user } = options;
  const name = containerNameOf(options.serverId, options.agentId);
  const { home } = options;
  const identityFolder = path.join(options.root, "container");
  const harnessBin = options.harnessDir === null ? null : harnessBinOf(SANDBOX_HARNESS_DIR);
  let running: Running | null = null;
  let unexpectedEnd: (reason: string) => void = () => {};

  const using = (): Running => {
    if (running === null || !running.alive) {
      throw new GuildsError("machine.not_running", `the container ${name} is not running`);
    }
    return running;
  };

  async function plan(): Promise<ContainerPlan> {
    await mkdir(identityFolder, { recursive: true, mode: 0o755 });
    const identity = await writeSandboxIdentity(identityFolder, user);
    return {
      name,
      agentId: options.agentId,
      serverId: options.serverId,
      imageId: await options.imageId(),
      flavor: options.flavor,
      uid: user.uid,
      gid: user.gid,
      homeHost: home,
      identity,
      harnessDir: options.harnessDir,
      networkMode: await options.networkMode(),
      limits: options.limits(),
      limitsOff: options.limitsOff,
    };
  }

  /** The container as this plan wants it, and whether it already runs (adopted). */
  async function containerFor(wanted: ContainerPlan): Promise<{ id: string; adopted: boolean }> {
    const found = await inspectOrNull(docker.getContainer(name));
    if (found !== null && found.Config.Labels?.[CONTAINER_LABELS.settings] === planDigest(wanted)) {
      return { id: found.Id, adopted: found.State.Running };
    }
    if (found !== null) {
      options.logger.info(
        `the container of agent ${options.agentId} was made from another image or other settings: making it again (the home is kept)`,
      );
      await removeMachineContainer(docker, name);
    }
    const created = await docker.createContainer(containerCreateOptions(wanted));
    return { id: created.id, adopted: false };
  }

  return {
    provider: "docker",
    mode: "container",
    folders: {
      home: { inside: SANDBOX_HOME, host: home },
      // Not on this host: written through the engine's archive endpoint.
      run: { inside: SANDBOX_RUNTIME_DIR, host: path.join(options.root, "run") },
    },
    binDir: CONTAINER_BIN_DIR,
    searchPath: machineSearchPath(CONTAINER_BIN_DIR, SANDBOX_HOME, harnessBin),
    machineVariables: {},
    helperCommand: (helper) => [`${CONTAINER_BIN_DIR}/node`, `${CONTAINER_BIN_DIR}/${helper}`],
    stopsItselfWhenIdle: false,

    async start() {
      if (process.getuid?.() === 0) await giveHomeTo(user, home);
      const wanted = await plan();
      const { id, adopted } = await containerFor(wanted);
      if (!adopted) await docker.getContainer(id).start();
      await options.afterContainerStart();
      const current: Running = {
        id,
        alive: true,
        stopping: false,
        stopWatch: () => {},
        stopLimitWatch: () => {},
        folders: new Set(),
        hostPid: null,
      };
      current.stopWatch = watchContainerEnd(docker, id, (reason) => {
        current.alive = false;
        current.stopLimitWatch();
        if (!current.stopping) unexpectedEnd(reason);
      });
      // Said before the container goes, so that the call it ends reports why; the lifecycle stops it.
      if (!wanted.limitsOff)
        current.stopLimitWatch = watchProcessLimit(docker.getContainer(id), wanted.limits.pids, (reason) => {
          current.alive = false;
          unexpectedEnd(reason);
        });
      running = current;
      const state = await docker.getContainer(id).inspect();
      if (!state.State.Running) {
        current.alive = false;
        current.stopLimitWatch();
        throw new GuildsError(
          "machine.start_failed",
          `the container ${name} ended as it started (exit code ${state.State.ExitCode}${state.State.Error ? `: ${state.State.Error}` : ""})`,
        );
      }
      if (engineOnThisHost(docker)) current.hostPid = state.State.Pid || null;
      if (adopted) options.logger.info(`the container of agent ${options.agentId} was running: adopted`);
    },

    // Its runtime dir seen from this host, through its first process's root (root, or the user the
    // engine runs containers as, may look in); a session's socket there skips the engine's relays.
    sessionSocketFolder() {
      const pid = running?.alive ? running.hostPid : null;
      return pid === null ? null : `/proc/${pid}/root${SANDBOX_RUNTIME_DIR}`;
    },

    async stop() {
      const current = running;
      running = null;
      if (current === null) return;
      current.stopping = true;
      current.stopWatch();
      current.stopLimitWatch();
      try {
        await docker.getContainer(current.id).stop({ t: STOP_GRACE_SECONDS });
      } catch (error) {
        // 304: it had stopped already; 404: someone removed it.
        const status = (error as { statusCode?: number }).statusCode;
        if (status !== 304 && status !== 404) throw error;
      }
      await untilStopped(docker.getContainer(current.id));
      current.alive = false;
    },

    alive: () => running?.alive ?? false,

    exec: (execOptions) => execInContainer(docker, using().id, `${user.uid}:${user.gid}`, execOptions),

    async writeFile(pathInside, data, mode) {
      const current = using();
      const folder = path.posix.dirname(pathInside);
      if (!current.folders.has(folder)) {
        await makeFolder(docker, current.id, user, folder);
        current.folders.add(folder);
      }
      await writeFileByArchive(docker.getContainer(current.id), pathInside, data, mode, user);
    },

    setHeld() {},

    onUnexpectedEnd(listener) {
      unexpectedEnd = listener;
    },
  };
}

/** An engine reached over a unix socket runs its containers on this host (a tcp one may not). */
function engineOnThisHost(docker: Docker): boolean {
  const modem = docker.modem as { socketPath?: unknown } | undefined;
  return typeof modem?.socketPath === "string" && modem.socketPath !== "";
}

/** mkdir -p as the machine's user (0700). */
async function makeFolder(docker: Docker, id: string, user: SandboxUser, folder: string): Promise<void> {
  const argv = ["mkdir", "-p", "-m", "0700", "--", folder];
  const made = execInContainer(docker, id, `${user.uid}:${user.gid}`, { argv, env: {}, cwd: "/" });
  made.stdout.resume();
  let problem = "";
  made.stderr.on("data", (chunk: Buffer) => {
    problem += chunk.toString("utf8");
  });
  const { code } = await made.exit;
  if (code !== 0) {
    throw new GuildsError(
      "machine.exec_failed",
      `writing into ${folder} in the machine failed: mkdir: ${problem.trim() || `exit code ${code}`}`,
    );
  }
}

async function inspectOrNull(container: Docker.Container): Promise<Docker.ContainerInspectInfo | null> {
  try {
    return await container.inspect();
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return null;
    throw error;
  }
}
