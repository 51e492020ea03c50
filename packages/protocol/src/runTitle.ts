/** The longest title an operator may give a run. */
export const RUN_TITLE_MAX_LENGTH = 200;
/** A title made from a message keeps this many characters of its first line. */
export const RUN_TITLE_FROM_MESSAGE_LENGTH = 80;

/**
 * A run's title from its first message: the first line with text, its white space collapsed, cut at
 * RUN_TITLE_FROM_MESSAGE_LENGTH characters (code points) with an ellipsis.
 */
export function runTitleOf(message: string): string {
  const line = message
    .split("\n")
    .map((candidate) => candidate.replace(/\s+/g, " ").trim())
    .find((candidate) => candidate !== "");
  if (line === undefined) return "";
  const characters = [...line];
  if (characters.length <= RUN_TITLE_FROM_MESSAGE_LENGTH) return line;
  return `${characters
    .slice(0, RUN_TITLE_FROM_MESSAGE_LENGTH - 1)
    .join("")
    .trimEnd()}…`;
}
