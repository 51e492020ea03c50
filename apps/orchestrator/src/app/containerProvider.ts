import { GuildsError } from "@guilds/protocol/guildsError";
import type { Config } from "../config.ts";
import { connectEngine, describeEngineAddress, engineAddress } from "../images/containerEngine.ts";
import { resolveSandboxImage } from "../images/sandboxImageCheck.ts";
import type { ContainerEngine } from "../machines/docker/dockerMachine.ts";
import { engineFlavor } from "../machines/docker/engineFlavor.ts";

export interface ContainerProvider {
  engine: ContainerEngine;
  image?: string;
}

/**
 * GUILDS_MACHINE_PROVIDER=docker: the engine (DOCKER_HOST, else the default socket) must answer, or
 * the server does not start. A missing or stale sandbox image is said now, with the command that
 * builds it; the machines refuse to start until it is there.
 */
export async function openContainerProvider(
  config: Config,
  environment: NodeJS.ProcessEnv,
  logger: { info(message: string): void; warn(message: string): void },
): Promise<ContainerProvider> {
  const address = engineAddress(environment);
  const docker = await connectEngine(address);
  const engine = { docker, flavor: await engineFlavor(docker) };
  const image = config.sandboxImage === undefined ? {} : { image: config.sandboxImage };
  try {
    const found = await resolveSandboxImage(docker, image);
    logger.info(
      `machines are containers of ${engine.flavor} on ${describeEngineAddress(address)}, made from ${found.ref}`,
    );
    if (found.stale !== null) logger.warn(found.stale);
  } catch (error) {
    if (!(error instanceof GuildsError) || error.code !== "image.missing") throw error;
    logger.warn(`${error.message} Until then no machine starts.`);
  }
  return { engine, ...image };
}
