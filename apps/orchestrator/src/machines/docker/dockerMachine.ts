import path from "node:path";
import type Docker from "dockerode";
import { resolveSandboxImage } from "../../images/sandboxImageCheck.ts";
import { measureMachineStarts } from "../../metrics/machineMetrics.ts";
import { type LifecycleMachine, MachineLifecycle } from "../lifecycle/machineLifecycle.ts";
import { sandboxUser } from "../local/bwrap/sandboxUser.ts";
import { consoleLogger, type MachineLogger } from "../local/localOptions.ts";
import { DEFAULT_MACHINE_LIMITS, type MachineLimits } from "../machineLimits.ts";
import { createDockerBackend } from "./dockerBackend.ts";
import { ensureEgressNetwork } from "./egressNetwork.ts";
import type { EngineFlavor } from "./engineFlavor.ts";

export type ContainerNetwork = "isolated" | "host" | "egress";

/** An engine that answered, and which kind it is. */
export interface ContainerEngine {
  docker: Docker;
  flavor: EngineFlavor;
}

export interface DockerMachineOptions {
  engine: ContainerEngine;
  agentId: string;
  /** The machine's folder on this host: its home/ (unless homeDir) is bound into the container. */
  root: string;
  /** The agent home on this host, outside the root (the CLI's --home); default <root>/home. */
  homeDir?: string;
  /** Which server's the container is (containerLabels.ts serverIdOf). */
  serverId: string;
  /** The image (GUILDS_SANDBOX_IMAGE); default guilds-sandbox:<version>. */
  image?: string;
  harnessDir?: string;
  /** "isolated" (default): network "none", loopback only; "host"; "egress": out, but not to this host or private ranges. */
  network?: ContainerNetwork;
  /** The uid (and gid) the container runs as when the server runs as root; default derived from the agent id. */
  sandboxUid?: number;
  limits?: () => MachineLimits;
  /** GUILDS_LIMITS=off: no memory, process or CPU limit, said at every start. */
  limitsOff?: boolean;
  idleStopMs?: number;
  logger?: MachineLogger;
}

/**
 * A machine that is a container of a Docker or Podman engine: the same view inside as a local
 * machine (the home, /run/guilds, the helpers on PATH), the same lifecycle (machineLifecycle.ts).
 */
export function createDockerMachine(options: DockerMachineOptions): LifecycleMachine {
  const { docker } = options.engine;
  const logger = options.logger ?? consoleLogger;
  const root = path.resolve(options.root);
  let warnedFor: string | null = null;
  const imageIdWarningOnce = async () => {
    const image = await resolveSandboxImage(
      docker,
      options.image === undefined ? {} : { image: options.image },
    );
    if (image.stale !== null && warnedFor !== image.id) logger.warn(image.stale);
    warnedFor = image.id;
    return image.id;
  };
  const limits = options.limits ?? (() => DEFAULT_MACHINE_LIMITS);
  const backend = createDockerBackend({
    docker,
    flavor: options.engine.flavor,
    agentId: options.agentId,
    root,
    home: path.resolve(options.homeDir ?? path.join(root, "home")),
    serverId: options.serverId,
    imageId: () => imageIdWarningOnce(),
    user: sandboxUser(options.agentId, options.sandboxUid),
    harnessDir: options.harnessDir ?? null,
    networkMode: () => networkModeOf(options.engine, options.network ?? "isolated"),
    // Podman's CNI firewall plugin puts its FORWARD jump first at the first container it starts since
    // the host booted, ahead of the egress rules: they are put first again before any command runs.
    afterContainerStart: async () => {
      if (options.network === "egress")
        await ensureEgressNetwork(options.engine.docker, options.engine.flavor);
    },
    limits,
    limitsOff: options.limitsOff ?? false,
    logger,
  });
  return new MachineLifecycle(
    {
      agentId: options.agentId,
      root,
      limits,
      limitsOff: options.limitsOff ?? false,
      ...(options.idleStopMs === undefined ? {} : { idleStopMs: options.idleStopMs }),
      ...(options.sandboxUid === undefined ? {} : { sandboxUid: options.sandboxUid }),
    },
    measureMachineStarts(backend),
    logger,
    null,
  );
}

/** The engine's network mode for the machine's network setting. */
async function networkModeOf(engine: ContainerEngine, network: ContainerNetwork): Promise<string> {
  if (network === "isolated") return "none";
  if (network === "host") return "host";
  return (await ensureEgressNetwork(engine.docker, engine.flavor)).name;
}
