import { commandEnvironment } from "@guilds/protocol/commandEnvironment";
import type { HarnessContext } from "./context.ts";
import type { Launch } from "./drivers/driver.ts";

/** "GH_TOKEN, GITHUB_TOKEN, and GUILDS_RUN_DIR are never in a harness's environment." */
const NEVER_GIVEN = ["GH_TOKEN", "GITHUB_TOKEN", "GUILDS_RUN_DIR"];

/**
 * The environment a harness gets before its driver's changes, built from nothing (the helper's own
 * is never copied): the request's variables (secrets and their aliases, PORT, GUILDS_PORTS), the
 * home, the helper's PATH, and the page's variables, which win over a secret of the same name. git
 * finds the repositories' tokens through the credential helper in the home's git config, as in shell.
 */
export function harnessEnvironment(context: HarnessContext): Record<string, string> {
  const environment: Record<string, string> = {
    ...commandEnvironment(context),
    GUILDS_AGENT_HOME: context.home,
  };
  return withoutNeverGiven(environment);
}

/** The driver's variables set, then its removals; what is never given stays out whatever it asks. */
export function launchEnvironment(
  base: Readonly<Record<string, string>>,
  launch: Pick<Launch, "setEnv" | "unsetEnv">,
): Record<string, string> {
  const environment: Record<string, string> = { ...base, ...launch.setEnv };
  for (const name of launch.unsetEnv) delete environment[name];
  return withoutNeverGiven(environment);
}

function withoutNeverGiven(environment: Record<string, string>): Record<string, string> {
  for (const name of NEVER_GIVEN) delete environment[name];
  return environment;
}
