import { engineFailureReason } from "../../images/engineFailureReason.ts";
import { resolveSandboxImage } from "../../images/sandboxImageCheck.ts";
import type { ContainerEngine } from "../../machines/docker/dockerMachine.ts";
import { probeBwrap } from "../../machines/local/bwrap/bwrapProbe.ts";
import { sandboxUser } from "../../machines/local/bwrap/sandboxUser.ts";
import { HELPER_NAMES, helperBundle } from "../../machines/local/hostTools.ts";
import type { SandboxMode, SeccompSetting } from "../../machines/local/localOptions.ts";
import type { ReadinessCheck } from "./readiness.ts";

/** How the server's machines start: GUILDS_MACHINE_PROVIDER and what it needs. */
export type MachineProviderSetup =
  | { kind: "local"; sandbox: SandboxMode; seccomp: SeccompSetting }
  | { kind: "docker"; engine: ContainerEngine; image?: string };

/** The uid a root server's probe sandbox runs as: derived from this name as an agent's is from its id. */
const PROBE_AGENT = "readiness-probe";

/**
 * The provider could start a machine now. Local: the helpers are built and, unless unconfined,
 * bubblewrap runs a sandbox with the machines' isolation and filter (probed once, then remembered
 * as bwrapProbe.ts does). Docker: the engine answers a ping and holds the sandbox image.
 */
export function machineProviderCheck(setup: MachineProviderSetup): ReadinessCheck {
  return {
    name: "machines",
    run: () => (setup.kind === "docker" ? dockerReady(setup.engine, setup.image) : localReady(setup)),
  };
}

async function localReady(setup: Extract<MachineProviderSetup, { kind: "local" }>): Promise<string> {
  const missing = HELPER_NAMES.filter((name) => helperBundle(name) === null);
  if (missing.length > 0) {
    throw new Error(`the helpers ${missing.join(", ")} are not built; run \`npm run build\``);
  }
  if (setup.sandbox === "unconfined") return "local machines, unconfined (no sandbox); the helpers are built";
  const probe = await probeBwrap(sandboxUser(PROBE_AGENT), setup.seccomp);
  if (!probe.usable) throw new Error(`bubblewrap cannot start a sandbox: ${probe.reason}`);
  return `local machines: bubblewrap starts a sandbox (seccomp ${setup.seccomp}); the helpers are built`;
}

async function dockerReady(engine: ContainerEngine, image: string | undefined): Promise<string> {
  await engine.docker.ping().catch((error: unknown) => {
    throw new Error(`the ${engine.flavor} engine does not answer: ${engineFailureReason(error)}`);
  });
  const found = await resolveSandboxImage(engine.docker, image === undefined ? {} : { image });
  return `${engine.flavor} answers and holds ${found.ref}${found.stale === null ? "" : " (its helpers are not this build's: rebuild it)"}`;
}
