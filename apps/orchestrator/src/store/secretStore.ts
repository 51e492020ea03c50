import type { Kysely, Selectable } from "kysely";
import { timestamp } from "./clock.ts";
import type { Database, SecretTable } from "./database.ts";
import { type KeyPage, orderedPage } from "./keyPage.ts";
import { found, notFound } from "./notFound.ts";
import type { SecretCipher } from "./secretCipher.ts";
import { checkAliases, parseAliases, secretContext, upsertSecretRow } from "./secretRow.ts";
import { type AgentSecretValues, buildAgentSecretValues } from "./secretValues.ts";

/** Whose a secret is: a guild's reaches every agent of the guild; an agent's only that agent. */
export type SecretOwner = { scope: "guild"; guildId: string } | { scope: "agent"; agentId: string };

/** A secret as it may be shown: everything but its value. */
export interface SecretSummary {
  id: string;
  scope: "guild" | "agent";
  guildId: string;
  agentId: string | null;
  name: string;
  /** Extra variable names the value is also given under. */
  aliases: string[];
  createdAt: string;
  updatedAt: string;
}

export type SecretStore = ReturnType<typeof createSecretStore>;

/**
 * Secrets never leave this store with their values, except through secretValuesForAgent, which
 * builds a command's environment and the redaction set.
 */
export function createSecretStore(db: Kysely<Database>, cipher: SecretCipher) {
  return {
    /** Creates the secret, or replaces its value (and its aliases when given). */
    async set(
      owner: SecretOwner,
      input: { name: string; value: string; aliases?: string[] },
    ): Promise<SecretSummary> {
      const { guildId, agentId, ownerId } = await resolveOwner(db, owner);
      const row = await upsertSecretRow(db, cipher, {
        guildId,
        agentId,
        scope: owner.scope,
        ownerId,
        name: input.name,
        value: input.value,
        aliases: input.aliases,
      });
      return toSummary(row);
    },

    async setAliases(id: string, aliases: string[]): Promise<SecretSummary> {
      const current = found(await findEnvSecret(db, id), "secret", id);
      const checked = checkAliases(current.name, aliases);
      const row = await db
        .updateTable("secret")
        .set({ aliases: JSON.stringify(checked), updated_at: timestamp() })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toSummary(row);
    },

    async get(id: string): Promise<SecretSummary> {
      return toSummary(found(await findEnvSecret(db, id), "secret", id));
    },

    /** By name; `page` for a page of them. */
    async list(owner: SecretOwner, page: KeyPage = {}): Promise<SecretSummary[]> {
      const { ownerId } = await resolveOwner(db, owner);
      const query = db.selectFrom("secret").selectAll().where("owner_id", "=", ownerId);
      const rows = await orderedPage(query, "name", page).execute();
      return rows.map(toSummary);
    },

    async delete(id: string): Promise<void> {
      const result = await db
        .deleteFrom("secret")
        .where("id", "=", id)
        .where("scope", "in", ["guild", "agent"])
        .executeTakeFirst();
      if (result.numDeletedRows === 0n) throw notFound("secret", id);
    },

    /**
     * The values an agent's commands run with: its guild's and its own secrets under their names
     * and aliases, the tokens of its guild's repositories, and every value, for redaction. Given the
     * agent's guild (a generation has just read the agent), it is not read again.
     */
    async secretValuesForAgent(agent: string | { id: string; guildId: string }): Promise<AgentSecretValues> {
      const { id: agentId, guildId } = typeof agent === "string" ? await agentOf(db, agent) : agent;
      const rows = await db
        .selectFrom("secret")
        .leftJoin("repository", "repository.token_secret_id", "secret.id")
        .select([
          "secret.owner_id",
          "secret.scope",
          "secret.name",
          "secret.aliases",
          "secret.value_encrypted",
          "repository.name as repository_name",
        ])
        .where("secret.guild_id", "=", guildId)
        .where((where) =>
          where.or([where("secret.scope", "!=", "agent"), where("secret.agent_id", "=", agentId)]),
        )
        .execute();
      return buildAgentSecretValues(
        rows.map((row) => ({
          scope: row.scope,
          name: row.name,
          aliases: parseAliases(row.aliases),
          repositoryName: row.repository_name,
          value: cipher.decrypt(row.value_encrypted, secretContext(row.owner_id, row.name)),
        })),
      );
    },

    /** Every secret value of every guild, agent and repository: what the server's own log hides. */
    async allValues(): Promise<string[]> {
      const rows = await db.selectFrom("secret").select(["owner_id", "name", "value_encrypted"]).execute();
      const values = rows.map((row) =>
        cipher.decrypt(row.value_encrypted, secretContext(row.owner_id, row.name)),
      );
      return [...new Set(values)];
    },

    /**
     * Changes when a secret is added or its value replaced (a write stamps updated_at and a new
     * ciphertext), so a caller rebuilds what it made of allValues only then. Reads no value. A
     * deletion may leave it as it was: a deleted value still hidden does no harm.
     */
    async valuesVersion(): Promise<string> {
      const row = await db
        .selectFrom("secret")
        .select((select) => [
          select.fn.countAll<number | string | bigint>().as("count"),
          select.fn.max("updated_at").as("latest"),
          select.fn
            .sum<number | string | bigint | null>(select.fn("length", ["value_encrypted"]))
            .as("length"),
        ])
        .executeTakeFirstOrThrow();
      return `${row.count}/${row.latest ?? ""}/${row.length ?? 0}`;
    },
  };
}

async function resolveOwner(db: Kysely<Database>, owner: SecretOwner) {
  if (owner.scope === "guild") {
    const guild = await db
      .selectFrom("guild")
      .select("id")
      .where("id", "=", owner.guildId)
      .executeTakeFirst();
    found(guild, "guild", owner.guildId);
    return { guildId: owner.guildId, agentId: null, ownerId: owner.guildId };
  }
  const agent = await db
    .selectFrom("agent")
    .select("guild_id")
    .where("id", "=", owner.agentId)
    .executeTakeFirst();
  return {
    guildId: found(agent, "agent", owner.agentId).guild_id,
    agentId: owner.agentId,
    ownerId: owner.agentId,
  };
}

async function agentOf(db: Kysely<Database>, agentId: string): Promise<{ id: string; guildId: string }> {
  const row = await db.selectFrom("agent").select("guild_id").where("id", "=", agentId).executeTakeFirst();
  return { id: agentId, guildId: found(row, "agent", agentId).guild_id };
}

function findEnvSecret(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("secret")
    .selectAll()
    .where("id", "=", id)
    .where("scope", "in", ["guild", "agent"])
    .executeTakeFirst();
}

function toSummary(row: Selectable<SecretTable>): SecretSummary {
  return {
    id: row.id,
    scope: row.scope === "agent" ? "agent" : "guild",
    guildId: row.guild_id,
    agentId: row.agent_id,
    name: row.name,
    aliases: parseAliases(row.aliases),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
