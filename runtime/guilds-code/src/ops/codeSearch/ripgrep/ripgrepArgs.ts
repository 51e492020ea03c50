import { SEARCH_MAX_MATCHES_PER_FILE } from "@guilds/protocol/limits";
import type { CodeSearchArgs } from "@guilds/protocol/toolArgs";
import type { SearchScope } from "../searchScope.ts";

/** The name under which a file-name glob becomes a ripgrep file type (see globArgs). */
const GLOB_TYPE = "searchglob";

/**
 * What every search shares. Hidden files are searched (.github, .env.example, .eslintrc matter) but
 * never .git; .gitignore is honoured inside and outside git repositories (--no-require-git); no
 * user config file can change the flags.
 */
function sharedArgs(args: CodeSearchArgs): string[] {
  return [
    "--no-config",
    "--no-require-git",
    "--hidden",
    ...(args.fixed ? ["--fixed-strings"] : []),
    ...(args.ignore_case ? ["--ignore-case"] : []),
    "--regexp",
    args.pattern,
  ];
}

/**
 * A glob that names files (`*.ts`, `**\/*.{ts,tsx}`) becomes a file type: rg applies types after
 * .gitignore, whereas a --glob would bring back ignored files it matches. A glob with a directory in
 * it, or a negation, stays a --glob.
 */
function globArgs(glob: string | undefined): string[] {
  if (glob === undefined) return [];
  const fileName = glob.replace(/^(\*\*\/)+/, "");
  if (!fileName.includes("/") && !fileName.includes(":") && !fileName.startsWith("!")) {
    return ["--type-add", `${GLOB_TYPE}:${fileName}`, "--type", GLOB_TYPE];
  }
  return ["--glob", glob];
}

function scopeArgs(args: CodeSearchArgs, scope: Pick<SearchScope, "target" | "atHome">): string[] {
  // Later globs win in rg: these come after the agent's.
  return [
    ...globArgs(args.glob),
    "--glob",
    "!.git",
    ...(scope.atHome ? ["--glob", "!/.*"] : []),
    "--",
    scope.target,
  ];
}

/** files mode: one line per matching file, "path\0count", in whatever order rg's threads finish. */
export function fileCountArgs(args: CodeSearchArgs, scope: Pick<SearchScope, "target" | "atHome">): string[] {
  return [...sharedArgs(args), "--count-matches", "--with-filename", "--null", ...scopeArgs(args, scope)];
}

/** content mode: JSON events, at most SEARCH_MAX_MATCHES_PER_FILE matching lines per file. */
export function contentArgs(args: CodeSearchArgs, scope: Pick<SearchScope, "target" | "atHome">): string[] {
  return [
    ...sharedArgs(args),
    "--json",
    "--max-count",
    String(SEARCH_MAX_MATCHES_PER_FILE),
    "--context",
    String(args.context),
    ...scopeArgs(args, scope),
  ];
}

/** Counts every match in files that content mode stopped reading at the per-file cap. */
export function recountArgs(args: CodeSearchArgs, files: string[]): string[] {
  return [...sharedArgs(args), "--count-matches", "--with-filename", "--null", "--", ...files];
}

/** rg prints "./x" under the target "."; results show "x". */
export function stripDotSlash(path: string): string {
  return path.startsWith("./") ? path.slice(2) : path;
}
