import { GuildsError } from "@guilds/protocol/guildsError";
import type { Kysely, Selectable } from "kysely";
import { timestamp } from "./clock.ts";
import { rethrowAsConflict } from "./constraintViolation.ts";
import type { Database, GuildTable } from "./database.ts";
import { newId } from "./ids.ts";
import { type KeyPage, orderedPage } from "./keyPage.ts";
import { checkDisplayName } from "./names.ts";
import { found } from "./notFound.ts";
import { secretNames } from "./secretNames.ts";
import { inTransaction } from "./transaction.ts";

/** A workspace: its repositories, agents and secrets. */
export interface Guild {
  id: string;
  name: string;
  createdAt: string;
}

export type GuildStore = ReturnType<typeof createGuildStore>;

export function createGuildStore(db: Kysely<Database>) {
  return {
    /** Fails with guild.exists when the name is taken. */
    async create(input: { name: string }): Promise<Guild> {
      const row = { id: newId("g"), name: checkDisplayName("guild", input.name), created_at: timestamp() };
      try {
        await db.insertInto("guild").values(row).execute();
      } catch (error) {
        rethrowAsConflict(
          error,
          "guild.exists",
          `A guild named ${JSON.stringify(input.name)} exists; pick another name.`,
        );
      }
      return toGuild(row);
    },

    get: (id: string): Promise<Guild> => getGuild(db, id),

    async findByName(name: string): Promise<Guild | undefined> {
      const row = await db.selectFrom("guild").selectAll().where("name", "=", name).executeTakeFirst();
      return row && toGuild(row);
    },

    /** By name; `page` for a page of them. */
    async list(page: KeyPage = {}): Promise<Guild[]> {
      const query = db.selectFrom("guild").selectAll();
      const rows = await orderedPage(query, "name", page).execute();
      return rows.map(toGuild);
    },

    /**
     * Deletes the guild with its repositories, its own secrets and its notes, which nothing outside
     * it uses. Refused with guild.not_empty (409) while it has agents: they carry runs and homes, and
     * are deleted one by one, each refused while it works.
     */
    async delete(id: string): Promise<GuildDeletion> {
      return inTransaction(db, async (transaction) => {
        const guild = await getGuild(transaction, id);
        const agents = await transaction
          .selectFrom("agent")
          .select("name")
          .where("guild_id", "=", id)
          .orderBy("name")
          .execute();
        if (agents.length > 0)
          throw guildNotEmpty(
            guild,
            agents.map((agent) => agent.name),
          );
        const repositories = await transaction
          .selectFrom("repository")
          .select("name")
          .where("guild_id", "=", id)
          .orderBy("name")
          .execute();
        const secrets = await secretNames(transaction, { guildId: id });
        const { notes } = await transaction
          .selectFrom("note")
          .select((select) => select.fn.countAll<number>().as("notes"))
          .where("guild_id", "=", id)
          .executeTakeFirstOrThrow();
        const result = await transaction
          .deleteFrom("guild")
          .where("id", "=", id)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom("agent").select("agent.id").where("agent.guild_id", "=", id))),
          )
          .executeTakeFirst();
        // An agent created since the check above (in another process).
        if (result.numDeletedRows === 0n) throw guildNotEmpty(guild, []);
        return {
          guild,
          repositories: repositories.map((repository) => repository.name),
          secrets,
          notes: Number(notes),
        };
      });
    },
  };
}

/** What a deleted guild took with it, by name. */
export interface GuildDeletion {
  guild: Guild;
  repositories: string[];
  secrets: string[];
  notes: number;
}

async function getGuild(db: Kysely<Database>, id: string): Promise<Guild> {
  const row = await db.selectFrom("guild").selectAll().where("id", "=", id).executeTakeFirst();
  return toGuild(found(row, "guild", id));
}

function guildNotEmpty(guild: Guild, agents: readonly string[]): GuildsError {
  const which =
    agents.length === 0
      ? "an agent created a moment ago; delete it"
      : agents.length === 1
        ? `1 agent (${agents.join(", ")}); delete it`
        : `${agents.length} agents (${agents.join(", ")}); delete them`;
  return new GuildsError(
    "guild.not_empty",
    `The guild ${guild.name} has ${which} first. Its repositories, secrets and notes go with the guild.`,
  );
}

function toGuild(row: Selectable<GuildTable>): Guild {
  return { id: row.id, name: row.name, createdAt: row.created_at };
}
