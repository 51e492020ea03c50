import { GuildsError } from "@guilds/protocol/guildsError";
import { createRedactor } from "../pipeline/redactor.ts";

/**
 * repository.clone_failed: what failed, and the last lines git printed with every token redacted
 * (git keeps passwords out of the URLs it prints, but a token can still be echoed by a remote).
 */
export function cloneFailed(
  name: string,
  what: string,
  stderrLines: readonly string[],
  secrets: readonly string[],
): GuildsError {
  const redactor = createRedactor(secrets);
  const tail =
    stderrLines.length === 0
      ? "git printed nothing."
      : `git said:\n${stderrLines.map((line) => `  ${redactor.redact(line)}`).join("\n")}`;
  return new GuildsError(
    "repository.clone_failed",
    `The repository ${name} could not be cloned into the agent's home: ${redactor.redact(what)}. ${tail}\n` +
      "Check the repository's URL or path and its token, then retry.",
  );
}
