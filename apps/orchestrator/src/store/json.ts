import { GuildsError } from "@guilds/protocol/guildsError";

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** JSON columns are text (portable across SQLite and PostgreSQL). */
export function toJsonText(value: JsonValue): string {
  return JSON.stringify(value);
}

export function fromJsonText(text: string, column: string): JsonValue {
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw corrupt(column, cause);
  }
}

export function fromJsonObjectText(text: string, column: string): JsonObject {
  const value = fromJsonText(text, column);
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return value;
  throw corrupt(column);
}

function corrupt(column: string, cause?: unknown): GuildsError {
  return new GuildsError(
    "store.corrupt",
    `The stored ${column} is not the JSON it should be; the database was changed outside guilds.`,
    { cause },
  );
}
