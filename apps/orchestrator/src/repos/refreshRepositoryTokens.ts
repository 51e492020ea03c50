import { GuildsError } from "@guilds/protocol/guildsError";
import type { Machine } from "../machines/machine.ts";
import { writeRuntimeFiles } from "../machines/runtimeFiles.ts";
import { credentialHelperCommand, credentialHelperScript } from "./credentialHelperScript.ts";
import { gitRuntimeFiles } from "./gitRuntimeFiles.ts";
import { runMachineCommand } from "./machineCommand.ts";
import type { RepositoryCredentials } from "./repositoryTokens.ts";
import { renderTokensFile } from "./tokensFile.ts";

const CONFIGURE_TIMEOUT_MS = 30_000;

/**
 * The helper this process set (or is setting) in the home's global git config, per machine. The
 * home outlives the machine, so this holds across restarts; only an agent that edits its own config
 * undoes it, until the server restarts. Concurrent refreshes share one configuration.
 */
const configured = new WeakMap<Machine, { helper: string; done: Promise<void> }>();

/**
 * Puts the repositories' tokens where git inside the machine finds them: the tokens file and the
 * credential helper under /run/guilds/<agent id>/git/ (written when they changed, or when the machine
 * started since: the runtime folder is new after every start), and the helper in the home's global
 * git config. The token is never on a command line, in a repository's config or in the home. Call it
 * before each helper call that can touch git (every shell, every code_task start and poll). Starts
 * the machine if need be.
 */
export async function refreshRepositoryTokens(
  machine: Machine,
  credentials: RepositoryCredentials,
): Promise<void> {
  const files = gitRuntimeFiles(machine);
  const tokens = renderTokensFile(credentials);
  await machine.start();
  await writeRuntimeFiles(machine, [
    { path: files.tokens, data: tokens, mode: 0o600 },
    { path: files.credentialHelper, data: credentialHelperScript(files.tokens), mode: 0o600 },
  ]);
  const helper = credentialHelperCommand(files.credentialHelper);
  const known = configured.get(machine);
  if (known?.helper === helper) return known.done;
  const done = configureHomeGit(machine, helper);
  configured.set(machine, { helper, done });
  done.catch(() => {
    if (configured.get(machine)?.done === done) configured.delete(machine);
  });
  return done;
}

/**
 * Our helper becomes the only credential.helper of the home's config, after an empty one that drops
 * any from the system's: a helper that stores what it is given (store, a keychain) would otherwise
 * save the tokens ours answers with into the home. useHttpPath makes git send the repository's path.
 */
const CONFIGURE_SCRIPT = `set -e
git config --global --replace-all credential.helper ''
git config --global --add credential.helper "$1"
git config --global credential.useHttpPath true`;

async function configureHomeGit(machine: Machine, helper: string): Promise<void> {
  const ran = await runMachineCommand(machine, {
    argv: ["bash", "-c", CONFIGURE_SCRIPT, "configure-git", helper],
    cwd: machine.home,
    timeoutMs: CONFIGURE_TIMEOUT_MS,
  });
  if (ran.ok) return;
  throw new GuildsError(
    "repository.credentials_failed",
    `The git config of the agent's home could not be set to use the repository tokens: ${ran.stderrLines.join(" / ") || `exit ${ran.code ?? "unknown"}`}. ` +
      "Check that ~/.gitconfig in the agent's home is valid git config and writable, then retry.",
  );
}
