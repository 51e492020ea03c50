import { GuildsError } from "@guilds/protocol/guildsError";

/** A text column that holds one of a few words, read back as its type. */
export function storedEnum<const T extends string>(allowed: readonly T[], value: string, column: string): T {
  const match = allowed.find((candidate) => candidate === value);
  if (match !== undefined) return match;
  throw new GuildsError(
    "store.corrupt",
    `The stored ${column} ${JSON.stringify(value)} is not one of ${allowed.join(", ")}; the database was changed outside guilds.`,
  );
}
