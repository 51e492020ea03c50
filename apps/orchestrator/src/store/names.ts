import { NAME_MAX_LENGTH } from "@guilds/protocol/apiRequests";
import { GuildsError } from "@guilds/protocol/guildsError";

/** A repository's name is its folder, repos/<name>, in every agent's home. */
export const REPOSITORY_NAME_PATTERN = /^[A-Za-z0-9._-]+$/;
/** A secret's name (and each alias) is an environment variable name. */
export const SECRET_NAME_PATTERN = /^[A-Z_][A-Z0-9_]*$/;

/** Guild, agent and token names: what an operator types after `guilds run`; no control characters. */
export function checkDisplayName(entity: "guild" | "agent" | "token", name: string): string {
  if (name.length === 0 || name.length > NAME_MAX_LENGTH || name.trim() !== name || hasControl(name)) {
    throw new GuildsError(
      `${entity}.name_invalid`,
      `A ${entity} name must be 1 to ${NAME_MAX_LENGTH} characters, without leading or trailing spaces or control characters (got ${JSON.stringify(name)}).`,
    );
  }
  return name;
}

export function checkRepositoryName(name: string): string {
  if (REPOSITORY_NAME_PATTERN.test(name) && name !== "." && name !== ".." && name.length <= NAME_MAX_LENGTH) {
    return name;
  }
  throw new GuildsError(
    "repository.name_invalid",
    `A repository name becomes its folder repos/<name>: use letters, digits, ".", "_" and "-" (up to ${NAME_MAX_LENGTH}, not "." or ".."); got ${JSON.stringify(name)}.`,
  );
}

export function checkSecretName(name: string, what = "secret name"): string {
  if (SECRET_NAME_PATTERN.test(name) && name.length <= NAME_MAX_LENGTH) return name;
  throw new GuildsError(
    "secret.name_invalid",
    `A ${what} is an environment variable name: capital letters, digits and "_", not starting with a digit (got ${JSON.stringify(name)}).`,
  );
}

function hasControl(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
