import { type Machine, MachineError } from "../machine.ts";
import { probeBwrap } from "./bwrapProbe.ts";
import { createBwrapSandbox } from "./bwrapSandbox.ts";
import { consoleLogger, type LocalMachineOptions } from "./localOptions.ts";
import { SandboxedMachine } from "./sandboxedMachine.ts";
import { sandboxUser } from "./sandboxUser.ts";
import { createUnconfinedSandbox } from "./unconfinedSandbox.ts";

export interface LocalMachine extends Machine {
  /** How this machine's processes really run: under bubblewrap, or unconfined on the host. */
  readonly sandbox: "bwrap" | "unconfined";
}

/**
 * A machine on this host: a folder per agent (`home/` kept, `run/` gone with the machine), its
 * processes under bubblewrap when it works here. "auto" falls back to running unconfined, and
 * says so on every start.
 */
export async function createLocalMachine(options: LocalMachineOptions): Promise<LocalMachine> {
  const logger = options.logger ?? consoleLogger;
  const requested = options.sandbox ?? "auto";
  const unconfined = () => createUnconfinedSandbox(options.agentId, options.root);
  if (requested === "unconfined") {
    return new SandboxedMachine(
      options,
      unconfined(),
      logger,
      unconfinedWarning(
        options.agentId,
        'the sandbox option is "unconfined"',
        'set sandbox to "bwrap" or "auto"',
      ),
    );
  }
  const user = sandboxUser(options.agentId, options.sandboxUid);
  const probe = await probeBwrap(user);
  if (probe.usable) {
    return new SandboxedMachine(
      options,
      createBwrapSandbox(options.agentId, options.root, user),
      logger,
      null,
    );
  }
  if (requested === "bwrap") {
    throw new MachineError(
      "machine.start_failed",
      `bubblewrap cannot run a sandbox here: ${probe.reason}. Install bubblewrap (apt-get install bubblewrap) and allow unprivileged user namespaces, or choose sandbox "auto".`,
    );
  }
  const fix = "install bubblewrap (apt-get install bubblewrap; unprivileged user namespaces must be allowed)";
  return new SandboxedMachine(
    options,
    unconfined(),
    logger,
    unconfinedWarning(options.agentId, probe.reason, fix),
  );
}

function unconfinedWarning(agentId: string, reason: string, fix: string): string {
  return `the machine of agent ${agentId} runs UNCONFINED: its commands run directly on this host as the server's user and are NOT confined to the agent home (${reason}). To confine it, ${fix}.`;
}
