import { GuildsError } from "@guilds/protocol/guildsError";
import { type ExpressionBuilder, type Kysely, type Selectable, sql } from "kysely";
import { NOTE_KINDS, type NoteKind } from "../notes/noteReader.ts";
import { timestamp } from "./clock.ts";
import { rethrowAsConflict } from "./constraintViolation.ts";
import type { Database, NoteTable } from "./database.ts";
import { newId } from "./ids.ts";
import { storedNoteContent } from "./noteContent.ts";
import { checkNotePath, notePathPrefix } from "./notePath.ts";
import { found } from "./notFound.ts";
import { storedEnum } from "./storedEnum.ts";
import { inTransaction } from "./transaction.ts";

/** A note as listed: everything but its content. */
export interface NoteSummary {
  id: string;
  guildId: string;
  /** The display path, unique in the guild: runbooks/deploy.md, tasks/t-12. */
  path: string;
  kind: NoteKind;
  /** Bytes of UTF-8 content (a record's JSON view); 0 for a collection. */
  size: number;
  createdAt: string;
  updatedAt: string;
}

/** A note with its content: Markdown, a record's JSON view, a script's source; null for a collection. */
export interface Note extends NoteSummary {
  content: string | null;
}

export type NoteStore = ReturnType<typeof createNoteStore>;

/**
 * Notes, records, collections and scripts of a guild, each under its display path. A record lives
 * in a collection when its path is under the collection's ("tasks/t-12" in "tasks").
 */
export function createNoteStore(db: Kysely<Database>) {
  return {
    /**
     * Creates the note at `path`, or replaces its content. `kind` is the stored one when omitted
     * (a new note's is "note"); a kind other than the stored one is refused with note.kind_conflict.
     */
    async set(
      guildId: string,
      input: { path: string; kind?: NoteKind; content?: string | null },
    ): Promise<{ note: Note; created: boolean }> {
      const path = checkNotePath(input.path);
      return inTransaction(db, async (transaction) => {
        await requireGuild(transaction, guildId);
        const existing = await findRow(transaction, guildId, path);
        const storedKind = existing && toKind(existing.kind);
        const kind = input.kind ?? storedKind ?? "note";
        if (storedKind !== undefined && storedKind !== kind) throw kindConflict(path, storedKind, kind);
        const content = storedNoteContent(path, kind, input.content);
        const now = timestamp();
        if (existing !== undefined) {
          const row = await transaction
            .updateTable("note")
            .set({ content, updated_at: now })
            .where("id", "=", existing.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          return { note: toNote(row), created: false };
        }
        const row = {
          id: newId("note"),
          guild_id: guildId,
          path,
          kind,
          content,
          created_at: now,
          updated_at: now,
        };
        try {
          await transaction.insertInto("note").values(row).execute();
        } catch (error) {
          rethrowAsConflict(
            error,
            "note.exists",
            `A note at ${JSON.stringify(path)} was created a moment ago by another call; set it again to replace it.`,
          );
        }
        return { note: toNote(row), created: true };
      });
    },

    /** The note, or undefined when the guild has none at `path` (an invalid path included). */
    async find(guildId: string, path: string): Promise<Note | undefined> {
      const row = await findRow(db, guildId, path);
      return row && toNote(row);
    },

    /** The note, or note.not_found (404); guild.not_found for an unknown guild. */
    async get(guildId: string, path: string): Promise<Note> {
      checkNotePath(path);
      const row = await findRow(db, guildId, path);
      if (row !== undefined) return toNote(row);
      await requireGuild(db, guildId);
      throw noteNotFound(path);
    },

    /**
     * The guild's notes by path, without their content; with `prefix`, the note at that path and
     * those under it ("tasks" lists "tasks" and "tasks/t-12", not "tasks-old"); "" lists them all.
     */
    async list(guildId: string, options: { prefix?: string } = {}): Promise<NoteSummary[]> {
      const prefix = options.prefix ? checkNotePath(options.prefix.replace(/\/+$/, "")) : undefined;
      await requireGuild(db, guildId);
      let query = db
        .selectFrom("note")
        .select(["id", "guild_id", "path", "kind", "created_at", "updated_at"])
        .select(sql<number | null>`octet_length(content)`.as("size"))
        .where("guild_id", "=", guildId);
      if (prefix !== undefined) {
        query = query.where((where) => where.or([where("path", "=", prefix), pathUnder(where, prefix)]));
      }
      const rows = await query.execute();
      // PostgreSQL orders text by its locale, SQLite by code point: sort here, the same everywhere.
      return rows
        .map((row) => toSummary({ ...row, size: row.size ?? 0 }))
        .sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
    },

    /**
     * Deletes the note at `path`. A collection that still holds notes is refused with
     * note.collection_not_empty (409): they are deleted first, each on its own.
     */
    async delete(guildId: string, path: string): Promise<NoteSummary> {
      checkNotePath(path);
      return inTransaction(db, async (transaction) => {
        const row = await findRow(transaction, guildId, path);
        if (row === undefined) {
          await requireGuild(transaction, guildId);
          throw noteNotFound(path);
        }
        if (row.kind === "collection") {
          const held = await transaction
            .selectFrom("note")
            .select("path")
            .where("guild_id", "=", guildId)
            .where((where) => pathUnder(where, path))
            .execute();
          if (held.length > 0) throw collectionNotEmpty(path, held.map((note) => note.path).sort());
        }
        await transaction.deleteFrom("note").where("id", "=", row.id).execute();
        return toSummary({ ...row, size: contentSize(row.content) });
      });
    },
  };
}

/** `path` starts with `<parent>/`; substr rather than LIKE, to which "_" is a wildcard. */
function pathUnder(where: ExpressionBuilder<Database, "note">, parent: string) {
  const prefix = notePathPrefix(parent);
  return where(sql<string>`substr(path, 1, ${sql.lit(prefix.length)})`, "=", prefix);
}

function findRow(db: Kysely<Database>, guildId: string, path: string) {
  return db
    .selectFrom("note")
    .selectAll()
    .where("guild_id", "=", guildId)
    .where("path", "=", path)
    .executeTakeFirst();
}

async function requireGuild(db: Kysely<Database>, guildId: string): Promise<void> {
  found(
    await db.selectFrom("guild").select("id").where("id", "=", guildId).executeTakeFirst(),
    "guild",
    guildId,
  );
}

function noteNotFound(path: string): GuildsError {
  return new GuildsError(
    "note.not_found",
    `The guild has no note ${JSON.stringify(path)}; list the guild's notes to find the right path.`,
  );
}

function kindConflict(path: string, stored: NoteKind, wanted: NoteKind): GuildsError {
  return new GuildsError(
    "note.kind_conflict",
    `${JSON.stringify(path)} is a ${stored}, not a ${wanted}; set it as a ${stored}, or delete it first to keep a ${wanted} there.`,
  );
}

function collectionNotEmpty(path: string, held: readonly string[]): GuildsError {
  const shown = held.slice(0, 5).join(", ") + (held.length > 5 ? ", …" : "");
  return new GuildsError(
    "note.collection_not_empty",
    `The collection ${JSON.stringify(path)} holds ${held.length === 1 ? "1 note" : `${held.length} notes`} (${shown}); delete ${held.length === 1 ? "it" : "them"} first.`,
  );
}

function toKind(kind: string): NoteKind {
  return storedEnum(NOTE_KINDS, kind, "note kind");
}

function toNote(row: Selectable<NoteTable>): Note {
  return {
    ...toSummary({ ...row, size: contentSize(row.content) }),
    content: row.content,
  };
}

function contentSize(content: string | null): number {
  return content === null ? 0 : Buffer.byteLength(content, "utf8");
}

function toSummary(row: Omit<Selectable<NoteTable>, "content"> & { size: number }): NoteSummary {
  return {
    id: row.id,
    guildId: row.guild_id,
    path: row.path,
    kind: toKind(row.kind),
    size: row.size,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
