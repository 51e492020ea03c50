import { GuildsError } from "@guilds/protocol/guildsError";
import type { Kysely, Selectable } from "kysely";
import { timestamp } from "./clock.ts";
import { rethrowAsConflict } from "./constraintViolation.ts";
import type { Database, RepositoryTable } from "./database.ts";
import { newId } from "./ids.ts";
import { type KeyPage, orderedPage } from "./keyPage.ts";
import { checkRepositoryName } from "./names.ts";
import { found } from "./notFound.ts";
import { describeRuns, noRunInProgress, type RunInProgress, runsInProgress } from "./runsInProgress.ts";
import type { SecretCipher } from "./secretCipher.ts";
import { upsertSecretRow } from "./secretRow.ts";
import { inTransaction } from "./transaction.ts";

/** A git remote (optionally with a token) or a local path, cloned into each agent's home at repos/<name>. */
export interface Repository {
  id: string;
  guildId: string;
  name: string;
  url: string | null;
  localPath: string | null;
  /** The token itself only reaches commands, through secretValuesForAgent. */
  hasToken: boolean;
  createdAt: string;
}

export type RepositorySource = { url: string; token?: string } | { localPath: string };

/** A repository's token is a secret of scope "repository" under this name. */
const TOKEN_SECRET_NAME = "TOKEN";

export type RepositoryStore = ReturnType<typeof createRepositoryStore>;

export function createRepositoryStore(db: Kysely<Database>, cipher: SecretCipher) {
  return {
    /** Fails with repository.exists when the guild has one of that name. */
    async create(input: { guildId: string; name: string } & RepositorySource): Promise<Repository> {
      const name = checkRepositoryName(input.name);
      const id = newId("repo");
      const remote = "url" in input ? withoutPassword(checkNotBlank(input.url, "url")) : undefined;
      const url = remote?.url ?? null;
      const token = ("token" in input ? input.token : undefined) ?? remote?.password;
      const localPath = "localPath" in input ? checkNotBlank(input.localPath, "localPath") : null;
      await inTransaction(db, async (transaction) => {
        const guild = await transaction
          .selectFrom("guild")
          .select("id")
          .where("id", "=", input.guildId)
          .executeTakeFirst();
        found(guild, "guild", input.guildId);
        try {
          await transaction
            .insertInto("repository")
            .values({
              id,
              guild_id: input.guildId,
              name,
              url,
              local_path: localPath,
              token_secret_id: null,
              created_at: timestamp(),
            })
            .execute();
        } catch (error) {
          rethrowAsConflict(
            error,
            "repository.exists",
            `The guild has a repository named ${JSON.stringify(name)}; pick another name or delete that one first.`,
          );
        }
        if (token !== undefined) await writeToken(transaction, cipher, id, token);
      });
      return getRepository(db, id);
    },

    get: (id: string): Promise<Repository> => getRepository(db, id),

    async findByName(guildId: string, name: string): Promise<Repository | undefined> {
      const row = await db
        .selectFrom("repository")
        .selectAll()
        .where("guild_id", "=", guildId)
        .where("name", "=", name)
        .executeTakeFirst();
      return row && toRepository(row);
    },

    /** By name; `page` for a page of them. */
    async list(guildId: string, page: KeyPage = {}): Promise<Repository[]> {
      const query = db.selectFrom("repository").selectAll().where("guild_id", "=", guildId);
      const rows = await orderedPage(query, "name", page).execute();
      return rows.map(toRepository);
    },

    /** Sets or replaces the token; null removes it. Only a git remote takes a token. */
    async setToken(id: string, token: string | null): Promise<Repository> {
      await inTransaction(db, async (transaction) => {
        const repository = await getRepository(transaction, id);
        if (token === null) return deleteToken(transaction, id);
        if (repository.url === null) {
          throw new GuildsError(
            "repository.token_needs_url",
            `The repository ${repository.name} is a local path; only a git URL takes a token.`,
          );
        }
        await writeToken(transaction, cipher, id, token);
      });
      return getRepository(db, id);
    },

    /**
     * Deletes the repository and its token. Refused with repository.in_use (409) while a run of the
     * guild is in progress: its commands may be using the clone and the token. The clones already
     * in agents' homes stay: they are the agents' files.
     */
    async delete(id: string): Promise<Repository> {
      return inTransaction(db, async (transaction) => {
        const repository = await getRepository(transaction, id);
        const busy = await runsInProgress(transaction, { guildId: repository.guildId });
        if (busy.length > 0) throw repositoryInUse(repository, busy);
        const result = await transaction
          .deleteFrom("repository")
          .where("id", "=", id)
          .where(noRunInProgress(transaction, { guildId: repository.guildId }))
          .executeTakeFirst();
        // A run started since the check above (in another process).
        if (result.numDeletedRows === 0n) throw repositoryInUse(repository, []);
        await deleteToken(transaction, id);
        return repository;
      });
    },
  };
}

async function getRepository(db: Kysely<Database>, id: string): Promise<Repository> {
  const row = await db.selectFrom("repository").selectAll().where("id", "=", id).executeTakeFirst();
  return toRepository(found(row, "repository", id));
}

function repositoryInUse(repository: Repository, runs: readonly RunInProgress[]): GuildsError {
  const which = runs.length === 0 ? "a run that has just started" : describeRuns(runs);
  return new GuildsError(
    "repository.in_use",
    `The guild has a run in progress (${which}), whose commands may be using the repository ${repository.name}; cancel it or let it end, then delete the repository.`,
  );
}

function toRepository(row: Selectable<RepositoryTable>): Repository {
  return {
    id: row.id,
    guildId: row.guild_id,
    name: row.name,
    url: row.url,
    localPath: row.local_path,
    hasToken: row.token_secret_id !== null,
    createdAt: row.created_at,
  };
}

async function writeToken(db: Kysely<Database>, cipher: SecretCipher, repositoryId: string, token: string) {
  const repository = await db
    .selectFrom("repository")
    .select("guild_id")
    .where("id", "=", repositoryId)
    .executeTakeFirstOrThrow();
  const secret = await upsertSecretRow(db, cipher, {
    guildId: repository.guild_id,
    agentId: null,
    scope: "repository",
    ownerId: repositoryId,
    name: TOKEN_SECRET_NAME,
    value: token,
    aliases: [],
  });
  await db
    .updateTable("repository")
    .set({ token_secret_id: secret.id })
    .where("id", "=", repositoryId)
    .execute();
}

async function deleteToken(db: Kysely<Database>, repositoryId: string): Promise<void> {
  await db
    .deleteFrom("secret")
    .where("scope", "=", "repository")
    .where("owner_id", "=", repositoryId)
    .execute();
}

/**
 * A password in an http(s) URL is a token: it is kept as the repository's (encrypted) token, and
 * the URL is stored without it, so no secret sits in plain text in the database. A token given
 * beside it wins.
 */
function withoutPassword(url: string): { url: string; password: string | undefined } {
  if (!/^https?:\/\//i.test(url)) return { url, password: undefined };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url, password: undefined };
  }
  if (parsed.password === "") return { url, password: undefined };
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.href, password };
}

function checkNotBlank(value: string, field: string): string {
  if (value.trim() !== "") return value.trim();
  throw new GuildsError("repository.source_invalid", `A repository needs a non-empty ${field}.`);
}
