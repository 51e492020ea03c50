import type { LaunchInput } from "./driver.ts";

/** Never in a harness's environment: the harness does not open pull requests (page: Harness environment). */
export const ALWAYS_UNSET = ["GH_TOKEN", "GITHUB_TOKEN", "GUILDS_RUN_DIR"] as const;

/** The first of names the environment holds with a value ("" counts as unset). */
export function firstSetVariable(
  env: Readonly<Record<string, string>>,
  names: readonly string[],
): string | null {
  for (const name of names) {
    if ((env[name] ?? "").trim() !== "") return name;
  }
  return null;
}

/** The variables to remove: every exact name, and every name of env that starts with one of prefixes. */
export function variablesToUnset(
  env: Readonly<Record<string, string>>,
  names: readonly string[],
  prefixes: readonly string[] = [],
): string[] {
  const found = new Set<string>([...ALWAYS_UNSET, ...names]);
  for (const name of Object.keys(env)) {
    if (prefixes.some((prefix) => name.startsWith(prefix))) found.add(name);
  }
  return [...found];
}

/**
 * The variables a turn removes: the off-subscription ones (all of them on a login, all but
 * `keptOnSecret` on a key, and names with one of `prefixes`) and ALWAYS_UNSET.
 */
export function offSubscriptionUnset(
  input: Pick<LaunchInput, "credential" | "env">,
  offSubscription: readonly string[],
  keptOnSecret: readonly string[],
  prefixes: readonly string[] = [],
): string[] {
  const strip =
    input.credential.kind === "secret"
      ? offSubscription.filter((name) => !keptOnSecret.includes(name))
      : offSubscription;
  return variablesToUnset(input.env, strip, prefixes);
}
