import type { Machine } from "../../machines/machine.ts";
import { runForRepository } from "../checkpoints/repositoryCommand.ts";

const REV_PARSE_TIMEOUT_MS = 30_000;

/** The commit a checkpoint ref points to in repos/<repository>, or null when there is none. */
export async function checkpointSha(
  machine: Machine,
  repository: string,
  ref: string,
): Promise<string | null> {
  const repoFolder = `repos/${repository}`;
  let stdout = "";
  const ran = await runForRepository(machine, {
    repoFolder,
    argv: [
      "git",
      "-C",
      repoFolder,
      "rev-parse",
      "--verify",
      "--quiet",
      "--end-of-options",
      `${ref}^{commit}`,
    ],
    timeoutMs: REV_PARSE_TIMEOUT_MS,
    what: "the checkpoint's commit",
    onStdout: (chunk) => {
      if (stdout.length < 256) stdout += chunk.toString("utf8");
      return undefined;
    },
  });
  const sha = stdout.trim();
  return ran.code === 0 && /^[0-9a-f]{40,64}$/.test(sha) ? sha : null;
}
