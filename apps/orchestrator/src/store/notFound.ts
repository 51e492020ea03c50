import { GuildsError } from "@guilds/protocol/guildsError";

export type StoredEntity =
  | "guild"
  | "repository"
  | "agent"
  | "secret"
  | "token"
  | "run"
  | "message"
  | "generation"
  | "tool_call";

/** `<entity>.not_found` (404), naming what was looked up so the caller can check it. */
export function notFound(entity: StoredEntity, key: string): GuildsError {
  const label = entity.replace("_", " ");
  return new GuildsError(
    `${entity}.not_found`,
    `No ${label} ${JSON.stringify(key)}; list them to find the right one.`,
  );
}

/** The row, or `<entity>.not_found`. */
export function found<T>(row: T | undefined, entity: StoredEntity, key: string): T {
  if (row === undefined) throw notFound(entity, key);
  return row;
}
