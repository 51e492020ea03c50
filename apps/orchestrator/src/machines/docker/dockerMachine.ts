import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import type Docker from "dockerode";
import { sandboxImageTag } from "../../images/sandboxImage.ts";
import { type LifecycleMachine, MachineLifecycle } from "../lifecycle/machineLifecycle.ts";
import { sandboxUser } from "../local/bwrap/sandboxUser.ts";
import { consoleLogger, type MachineLogger, type MachineNetwork } from "../local/localOptions.ts";
import { DEFAULT_MACHINE_LIMITS, type MachineLimits } from "../machineLimits.ts";
import { createDockerBackend } from "./dockerBackend.ts";
import type { EngineFlavor } from "./engineFlavor.ts";

/** An engine that answered, and which kind it is. */
export interface ContainerEngine {
  docker: Docker;
  flavor: EngineFlavor;
}

export interface DockerMachineOptions {
  engine: ContainerEngine;
  agentId: string;
  /** The machine's folder on this host (its home/ is bound into the container). */
  root: string;
  /** Which server's the container is (containerLabels.ts serverIdOf). */
  serverId: string;
  /** The image (GUILDS_SANDBOX_IMAGE); default guilds-sandbox:<version>. */
  image?: string;
  harnessDir?: string;
  network?: MachineNetwork;
  /** The uid (and gid) the container runs as when the server runs as root; default derived from the agent id. */
  sandboxUid?: number;
  limits?: () => MachineLimits;
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
  const image = options.image ?? sandboxImageTag();
  const limits = options.limits ?? (() => DEFAULT_MACHINE_LIMITS);
  const backend = createDockerBackend({
    docker,
    flavor: options.engine.flavor,
    agentId: options.agentId,
    root,
    serverId: options.serverId,
    imageId: () => sandboxImageId(docker, image),
    user: sandboxUser(options.agentId, options.sandboxUid),
    harnessDir: options.harnessDir ?? null,
    networkMode: async () => (options.network === "host" ? "host" : "none"),
    limits,
    logger,
  });
  return new MachineLifecycle(
    {
      agentId: options.agentId,
      root,
      limits,
      ...(options.idleStopMs === undefined ? {} : { idleStopMs: options.idleStopMs }),
      ...(options.sandboxUid === undefined ? {} : { sandboxUid: options.sandboxUid }),
    },
    backend,
    logger,
    null,
  );
}

async function sandboxImageId(docker: Docker, image: string): Promise<string> {
  try {
    return (await docker.getImage(image).inspect()).Id;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode !== 404) throw error;
    throw new GuildsError(
      "machine.start_failed",
      `the sandbox image ${image} is not on the container engine: build it with \`npx guilds image build\` (about a minute; needs mmdebstrap)`,
    );
  }
}
