import { GuildsError } from "@guilds/protocol/guildsError";
import type { Kysely, Selectable } from "kysely";
import { timestamp } from "./clock.ts";
import type { Database, SecretTable } from "./database.ts";
import { newId } from "./ids.ts";
import { checkSecretName } from "./names.ts";
import type { SecretCipher } from "./secretCipher.ts";

export interface SecretRowInput {
  guildId: string;
  agentId: string | null;
  scope: "guild" | "agent" | "repository";
  ownerId: string;
  name: string;
  value: string;
  /** Left as they are on an existing secret when undefined. */
  aliases: string[] | undefined;
}

/** Insert or replace one encrypted secret; also used for repository tokens. */
export async function upsertSecretRow(
  db: Kysely<Database>,
  cipher: SecretCipher,
  input: SecretRowInput,
): Promise<Selectable<SecretTable>> {
  const name = checkSecretName(input.name);
  if (input.value.length === 0) {
    throw new GuildsError(
      "secret.value_empty",
      `The secret ${name} has an empty value; give it a value or delete it.`,
    );
  }
  const aliases = input.aliases === undefined ? undefined : JSON.stringify(checkAliases(name, input.aliases));
  const now = timestamp();
  const valueEncrypted = cipher.encrypt(input.value, secretContext(input.ownerId, name));
  return db
    .insertInto("secret")
    .values({
      id: newId("sec"),
      guild_id: input.guildId,
      agent_id: input.agentId,
      scope: input.scope,
      owner_id: input.ownerId,
      name,
      value_encrypted: valueEncrypted,
      aliases: aliases ?? "[]",
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict.columns(["owner_id", "name"]).doUpdateSet({
        value_encrypted: valueEncrypted,
        updated_at: now,
        ...(aliases === undefined ? {} : { aliases }),
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The ciphertext is bound to its owner and name, which never change for a row. */
export function secretContext(ownerId: string, name: string): string {
  return `${ownerId}/${name}`;
}

export function checkAliases(name: string, aliases: string[]): string[] {
  const unique = [...new Set(aliases)].filter((alias) => alias !== name);
  for (const alias of unique) checkSecretName(alias, "secret alias");
  return unique;
}

export function parseAliases(text: string): string[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((alias): alias is string => typeof alias === "string") : [];
}
