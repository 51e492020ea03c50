import type { Machine } from "../machines/machine.ts";
import { httpRemoteOf } from "./httpRemote.ts";
import { runMachineCommand } from "./machineCommand.ts";
import { cloneFailed } from "./repositoryErrors.ts";

/** A clone that takes longer than this is stopped (a remote that hangs, a huge repository). */
export const CLONE_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * Answers git's "get" with the token from this process's environment. It is given through
 * GIT_CONFIG_* (after an empty credential.helper, which drops the helpers of the home's config), so
 * the token is on no command line and in no file, and `git clone` does not copy it into the
 * clone's config as it would a `--config`.
 */
const ONE_SHOT_CREDENTIAL_HELPER =
  '!f() { if [ "$1" = get ]; then printf \'username=%s\\npassword=%s\\n\' "$GUILDS_CLONE_USERNAME" "$GUILDS_CLONE_TOKEN"; fi; }; f';

/** Never waits on a prompt: no terminal, ssh in batch mode (a new host key is accepted once). */
const NON_INTERACTIVE_GIT = {
  GIT_TERMINAL_PROMPT: "0",
  GIT_SSH_COMMAND: "ssh -o BatchMode=yes -o StrictHostKeyChecking=accept-new",
};

/** `git clone` of a remote, run inside the machine into `folder` (relative to the home). */
export async function cloneRemote(
  machine: Machine,
  clone: {
    name: string;
    url: string;
    folder: string;
    token: string | undefined;
    /** Values no failure message may show: the token, and a password the source URL held. */
    secrets: readonly string[];
  },
): Promise<void> {
  const ran = await runMachineCommand(machine, {
    argv: ["git", "clone", "--", clone.url, clone.folder],
    env: { ...NON_INTERACTIVE_GIT, ...credentialEnvironment(clone.url, clone.token) },
    cwd: machine.home,
    timeoutMs: CLONE_TIMEOUT_MS,
  });
  if (ran.ok) return;
  const what = ran.timedOut
    ? `git clone of ${clone.url} took more than ${CLONE_TIMEOUT_MS / 60_000} minutes and was stopped`
    : `git clone of ${clone.url} exited with code ${ran.code ?? "unknown"}`;
  throw cloneFailed(clone.name, what, ran.stderrLines, clone.secrets);
}

function credentialEnvironment(url: string, token: string | undefined): Record<string, string> {
  const remote = httpRemoteOf(url);
  if (token === undefined || remote === null) return {};
  return {
    GIT_CONFIG_COUNT: "2",
    GIT_CONFIG_KEY_0: "credential.helper",
    GIT_CONFIG_VALUE_0: "",
    GIT_CONFIG_KEY_1: "credential.helper",
    GIT_CONFIG_VALUE_1: ONE_SHOT_CREDENTIAL_HELPER,
    GUILDS_CLONE_USERNAME: remote.username,
    GUILDS_CLONE_TOKEN: token,
  };
}
