import { realpathSync } from "node:fs";
import path from "node:path";
import { commandEnvironment } from "@guilds/protocol/commandEnvironment";
import type { OpContext } from "../../context.ts";

/** Where the guild's repositories are cloned in the home: repos/<name>. */
const REPOSITORIES_FOLDER = "repos";

/**
 * The environment of a shell command, built from nothing: the helper's own environment is never
 * copied. The page's variables, the request's (secrets, PORT, GUILDS_PORTS), and GH_TOKEN when the
 * working directory is inside a repository. The page's variables win over a secret of the same name.
 */
export function shellEnvironment(context: OpContext, cwd: string): Record<string, string> {
  const environment = commandEnvironment(context);
  const name = repositoryHolding(cwd, context.home);
  const token = name === undefined ? undefined : tokenOf(context, name);
  if (token !== undefined) environment.GH_TOKEN = token;
  return environment;
}

/** The <name> of repos/<name> holding `cwd`, if any. */
export function repositoryHolding(cwd: string, home: string): string | undefined {
  for (const root of homeSpellings(home)) {
    const [folder, name] = path.relative(root, cwd).split(path.sep);
    if (folder === REPOSITORIES_FOLDER && name && name !== "..") return name;
  }
  return undefined;
}

const spellingsOf = new Map<string, string[]>();

/**
 * The home as given and with its links resolved: a recorded working directory is physical. Resolved
 * once per helper: the home is the machine's mount, the same for the helper's life.
 */
function homeSpellings(home: string): string[] {
  const known = spellingsOf.get(home);
  if (known !== undefined) return known;
  try {
    const real = realpathSync(home);
    const spellings = real === home ? [home] : [home, real];
    spellingsOf.set(home, spellings);
    return spellings;
  } catch {
    return [home];
  }
}

function tokenOf(context: OpContext, name: string): string | undefined {
  const tokens = context.request.repo_tokens;
  return Object.hasOwn(tokens, name) ? tokens[name] : undefined;
}
