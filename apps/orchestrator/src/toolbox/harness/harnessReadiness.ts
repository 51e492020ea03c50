import { type CheckMeta, HARNESS_DISPLAY_NAMES, type HarnessName } from "@guilds/protocol/harness";
import { HARNESS_PACKAGES } from "../../harnesses/harnessPackages.ts";
import { CodeTaskError } from "./codeTaskError.ts";

/** How to give each harness a credential: its login inside the machine, or its API key as a secret. */
const CREDENTIAL_ADVICE: Record<HarnessName, string> = {
  claude:
    "Log in inside the agent's machine (run `claude` in a shell there and sign in with /login; the login stays in the agent's home), or set its key as a secret: `npx guilds secret set <guild>/<agent> ANTHROPIC_API_KEY`.",
  codex:
    "Log in inside the agent's machine (run `codex login --device-auth` in a shell there; the login stays in the agent's home), or set its key as a secret: `npx guilds secret set <guild>/<agent> OPENAI_API_KEY` (or `CODEX_API_KEY`).",
  gemini:
    "Log in inside the agent's machine (run `gemini` in a shell there and sign in with Google; the login stays in the agent's home), or set its key as a secret: `npx guilds secret set <guild>/<agent> GEMINI_API_KEY`.",
  cursor:
    "Log in inside the agent's machine (run `NO_OPEN_BROWSER=1 agent login` in a shell there; the login stays in the agent's home), or set its key as a secret: `npx guilds secret set <guild>/<agent> CURSOR_API_KEY`.",
  antigravity:
    "Log in inside the agent's machine (run `agy` in a shell there and sign in with Google; the login stays in the agent's home); Antigravity takes no API key.",
};

/**
 * Step 3, from guilds-harness check: a CLI missing from the machine is harness.not_installed, a
 * harness with no credential is harness.no_credential, each saying what the operator does about it.
 */
export function requireReady(check: CheckMeta, harness: HarnessName): void {
  const name = HARNESS_DISPLAY_NAMES[harness];
  const found = HARNESS_PACKAGES[harness];
  if (!check.installed) {
    const installer =
      found.kind === "installer"
        ? ` It is not on npm: that command tells how to run its installer (\`${found.command}\`) inside the agent's machine, which puts it in ~/.local/bin.`
        : "";
    throw new CodeTaskError(
      "harness.not_installed",
      `${name} is not installed in the agent's machine: there is no \`${found.binary}\` on its PATH. The operator installs it with \`npx guilds harness install ${harness}\`.${installer} Until then, make the change yourself with shell.`,
    );
  }
  if (check.credential === "none") {
    throw new CodeTaskError(
      "harness.no_credential",
      `${name} has no credential in the agent's machine: no login in its home and no API key among the agent's secrets. ${CREDENTIAL_ADVICE[harness]} Until then, make the change yourself with shell.`,
    );
  }
}
