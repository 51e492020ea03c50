import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import { runHostGit } from "./hostGit.ts";
import { SAMPLE_COMMITS, type SampleCommit } from "./sampleRepositoryFiles.ts";

const GIT_TIMEOUT_MS = 30_000;
const SAMPLE_AUTHOR = { name: "guilds demo", email: "demo@guilds.invalid" };

/**
 * Makes the demo's sample repository at `hostDir` on this host (a local-path source): a small Node
 * project with tests and a TODO, in two commits on main. The same every time, down to the commit
 * hashes: fixed dates and author, and none of this host's git config. It is made beside `hostDir`
 * and renamed into place, so a folder with a .git is a whole sample, left alone by the next call.
 * Returns the repository's absolute path.
 */
export async function createSampleRepository(hostDir: string): Promise<string> {
  const repository = path.resolve(hostDir);
  if (existsSync(path.join(repository, ".git"))) return repository;
  await mkdir(path.dirname(repository), { recursive: true });
  const draft = await mkdtemp(`${repository}.draft-`);
  try {
    await git(draft, ["init", "--quiet", "--initial-branch=main"], undefined);
    for (const commit of SAMPLE_COMMITS) await addCommit(draft, commit);
    await rename(draft, repository);
  } catch (error) {
    await rm(draft, { recursive: true, force: true });
    throw isFolderInTheWay(error)
      ? new GuildsError(
          "repository.sample_failed",
          `The sample repository cannot be made in ${repository}: the folder is there, holds files and is not a git repository. Remove it or choose another folder.`,
        )
      : error;
  }
  return repository;
}

async function addCommit(repository: string, commit: SampleCommit): Promise<void> {
  for (const [name, text] of Object.entries(commit.files)) {
    const file = path.join(repository, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  await git(repository, ["add", "--all"], commit.date);
  await git(repository, ["commit", "--quiet", "--no-verify", "--message", commit.message], commit.date);
}

async function git(repository: string, args: string[], date: string | undefined): Promise<void> {
  const env: Record<string, string> = {
    // This host's git config (a signing key, hooks, a default branch) must not change the sample.
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_AUTHOR_NAME: SAMPLE_AUTHOR.name,
    GIT_AUTHOR_EMAIL: SAMPLE_AUTHOR.email,
    GIT_COMMITTER_NAME: SAMPLE_AUTHOR.name,
    GIT_COMMITTER_EMAIL: SAMPLE_AUTHOR.email,
  };
  if (date !== undefined) {
    env.GIT_AUTHOR_DATE = date;
    env.GIT_COMMITTER_DATE = date;
  }
  const ran = await runHostGit(["-C", repository, ...args], { timeoutMs: GIT_TIMEOUT_MS, env });
  if (ran.ok) return;
  throw new GuildsError(
    "repository.sample_failed",
    `The sample repository could not be made in ${repository}: git ${args[0] ?? ""} failed: ${ran.stderrLines.join(" / ")}. ` +
      "Check that git is installed on the server and the folder is writable, or remove the folder and retry.",
  );
}

function isFolderInTheWay(error: unknown): boolean {
  const code = error instanceof Error && "code" in error ? error.code : undefined;
  return code === "ENOTEMPTY" || code === "EEXIST";
}
