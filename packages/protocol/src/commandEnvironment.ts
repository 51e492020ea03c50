import type { HelperRequest } from "./helperRequest.ts";

/** What a helper builds a command's environment from: its request, the agent's home, its own PATH. */
export interface CommandEnvironmentSource {
  request: Pick<HelperRequest, "env" | "run_id" | "agent_id">;
  home: string;
  path: string;
}

/**
 * The environment every command a helper starts gets (a shell command, a harness), built from
 * nothing: the helper's own environment is never copied. The request's variables (secrets and their
 * aliases, PORT, GUILDS_PORTS), then the home, the helper's PATH and the page's variables, which win
 * over a secret of the same name.
 */
export function commandEnvironment(source: CommandEnvironmentSource): Record<string, string> {
  return {
    ...source.request.env,
    HOME: source.home,
    PATH: source.path,
    LANG: "C.UTF-8",
    PAGER: "cat",
    GIT_PAGER: "cat",
    GIT_TERMINAL_PROMPT: "0",
    NO_COLOR: "1",
    TERM: "dumb",
    DEBIAN_FRONTEND: "noninteractive",
    GUILD_RUN_ID: source.request.run_id,
    GUILD_AGENT_ID: source.request.agent_id,
  };
}
