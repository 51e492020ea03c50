import type Docker from "dockerode";
import { connectEngine } from "../../../src/images/containerEngine.ts";
import { sandboxImageTag } from "../../../src/images/sandboxImage.ts";
import { serverIdOf } from "../../../src/machines/docker/containerLabels.ts";
import { removeContainersOfGoneAgents } from "../../../src/machines/docker/containerSweep.ts";
import type { ContainerEngine } from "../../../src/machines/docker/dockerMachine.ts";
import { engineFlavor } from "../../../src/machines/docker/engineFlavor.ts";

export interface EngineAvailability {
  name: "docker" | "podman";
  /** The engine's name in test titles, with the reason when it is skipped. */
  label: string;
  engine?: ContainerEngine;
  skipReason?: string;
}

const SOCKETS = {
  docker: "GUILDS_TEST_DOCKER_SOCKET",
  podman: "GUILDS_TEST_PODMAN_SOCKET",
} as const;

/**
 * The engines the container tests run on: each one whose socket variable is set (scripts/ci-engines.sh
 * starts both and prints their sockets). Unset, its tests are skipped with the reason printed; set
 * but not answering, or without the sandbox image, the tests fail: the CI meant to test it.
 */
export async function containerEngines(): Promise<EngineAvailability[]> {
  const found: EngineAvailability[] = [];
  for (const name of ["docker", "podman"] as const) {
    const variable = SOCKETS[name];
    const socketPath = process.env[variable];
    if (socketPath === undefined || socketPath === "") {
      const skipReason = `${variable} is not set (scripts/ci-engines.sh starts the engines and prints their sockets)`;
      found.push({ name, label: `${name}, skipped: ${skipReason}`, skipReason });
      continue;
    }
    const engine = await containerEngine(name);
    await requireSandboxImage(engine.docker, socketPath);
    found.push({ name, label: name, engine });
  }
  for (const engine of found) {
    if (engine.skipReason !== undefined)
      process.stderr.write(`${engine.name} machine tests: skipped: ${engine.skipReason}\n`);
  }
  return found;
}

const connected = new Map<string, Promise<ContainerEngine>>();

/** The engine of that name, connected once per test file; its socket variable must be set. */
export function containerEngine(name: "docker" | "podman"): Promise<ContainerEngine> {
  let engine = connected.get(name);
  if (engine === undefined) {
    const socketPath = process.env[SOCKETS[name]];
    if (!socketPath) throw new Error(`${SOCKETS[name]} is not set`);
    engine = connectEngine({ socketPath }).then(async (docker) => ({
      docker,
      flavor: await engineFlavor(docker),
    }));
    connected.set(name, engine);
  }
  return engine;
}

async function requireSandboxImage(docker: Docker, socketPath: string): Promise<void> {
  try {
    await docker.getImage(sandboxImageTag()).inspect();
  } catch {
    throw new Error(
      `the engine at ${socketPath} has no ${sandboxImageTag()}: build it with \`npx guilds image build --socket ${socketPath}\``,
    );
  }
}

/**
 * What a server or CLI started by a test is given to run its machines on `sandbox`: a local sandbox
 * (GUILDS_SANDBOX), or an engine (GUILDS_MACHINE_PROVIDER=docker and its DOCKER_HOST).
 */
export function machineEnvironment(sandbox: string): Record<string, string> {
  if (sandbox !== "docker" && sandbox !== "podman") return { GUILDS_SANDBOX: sandbox };
  const socketPath = process.env[SOCKETS[sandbox]];
  if (!socketPath) throw new Error(`${SOCKETS[sandbox]} is not set`);
  return { GUILDS_MACHINE_PROVIDER: "docker", DOCKER_HOST: `unix://${socketPath}` };
}

/** Removes every container of the server whose machines folder this is, on each engine tested. */
export async function removeServerContainers(machinesDir: string): Promise<void> {
  for (const name of ["docker", "podman"] as const) {
    if (!process.env[SOCKETS[name]]) continue;
    const { docker } = await containerEngine(name);
    await removeContainersOfGoneAgents(docker, serverIdOf(machinesDir), async () => false);
  }
}
