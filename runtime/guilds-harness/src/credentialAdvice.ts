import type { HarnessName } from "@guilds/protocol/harness";

/**
 * What to do when a harness has no credential: its login, run once in a shell of the machine (the
 * login files land in the home and outlive the machine), or its API key as a secret of the agent.
 * The key names are those the drivers read (reference: harness-clis.md, section 0).
 */
const ADVICE: Record<HarnessName, string> = {
  claude:
    "log in inside the machine (run `claude auth login` in a shell there), or set the ANTHROPIC_API_KEY secret",
  codex:
    "log in inside the machine (run `codex login --device-auth` in a shell there), or set the OPENAI_API_KEY (or CODEX_API_KEY) secret",
  gemini:
    "log in inside the machine (run `gemini` in a shell there and sign in with Google), or set the GEMINI_API_KEY secret",
  cursor:
    "log in inside the machine (run `NO_OPEN_BROWSER=1 agent login` in a shell there), or set the CURSOR_API_KEY secret",
  antigravity:
    "log in inside the machine (run `agy` in a shell there and sign in with Google); Antigravity takes no API key",
};

export function credentialAdvice(harness: HarnessName): string {
  return ADVICE[harness];
}
