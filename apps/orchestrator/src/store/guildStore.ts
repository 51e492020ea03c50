import type { Kysely, Selectable } from "kysely";
import { timestamp } from "./clock.ts";
import { rethrowAsConflict } from "./constraintViolation.ts";
import type { Database, GuildTable } from "./database.ts";
import { newId } from "./ids.ts";
import { checkDisplayName } from "./names.ts";
import { found, notFound } from "./notFound.ts";

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

    async get(id: string): Promise<Guild> {
      const row = await db.selectFrom("guild").selectAll().where("id", "=", id).executeTakeFirst();
      return toGuild(found(row, "guild", id));
    },

    async findByName(name: string): Promise<Guild | undefined> {
      const row = await db.selectFrom("guild").selectAll().where("name", "=", name).executeTakeFirst();
      return row && toGuild(row);
    },

    async list(): Promise<Guild[]> {
      const rows = await db.selectFrom("guild").selectAll().orderBy("name").execute();
      return rows.map(toGuild);
    },

    /** Deletes the guild with everything in it: repositories, agents, secrets, runs. */
    async delete(id: string): Promise<void> {
      const result = await db.deleteFrom("guild").where("id", "=", id).executeTakeFirst();
      if (result.numDeletedRows === 0n) throw notFound("guild", id);
    },
  };
}

function toGuild(row: Selectable<GuildTable>): Guild {
  return { id: row.id, name: row.name, createdAt: row.created_at };
}
