import { MESSAGE_MAX_CHARACTERS } from "@guilds/protocol/messageLimits";

/** What is wrong with a message to start a run with, or null when it can go. */
export function messageError(message: string): string | null {
  if (message.trim() === "") return "Write what the agent should do.";
  if (message.length > MESSAGE_MAX_CHARACTERS) {
    return `A message is at most ${MESSAGE_MAX_CHARACTERS.toLocaleString("en")} characters (this one has ${message.length.toLocaleString("en")}).`;
  }
  return null;
}
