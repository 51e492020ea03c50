/** A guild's name as the server takes it (apps/orchestrator/src/store/names.ts checkDisplayName). */
export const GUILD_NAME_MAX_LENGTH = 100;

/** The problem with a guild's name, or null when it can be sent (trimmed). */
export function guildNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === "") return "Give the guild a name, such as the team or project it works for.";
  if (trimmed.length > GUILD_NAME_MAX_LENGTH) {
    return `A guild's name is at most ${GUILD_NAME_MAX_LENGTH} characters (this one has ${trimmed.length}).`;
  }
  return null;
}
