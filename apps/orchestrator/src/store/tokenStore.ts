import { createHash, randomBytes } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { timestamp } from "./clock.ts";
import { rethrowAsConflict } from "./constraintViolation.ts";
import type { Database, OperatorTokenTable } from "./database.ts";
import { newId } from "./ids.ts";
import { checkDisplayName } from "./names.ts";
import { notFound } from "./notFound.ts";

/** What a token may see and do: everything (an operator's), one guild, or one agent of a guild. */
export type TokenScope =
  | { kind: "operator" }
  | { kind: "guild"; guildId: string }
  | { kind: "agent"; guildId: string; agentId: string };

/** A bearer token, as stored: its hash only. */
export interface OperatorToken {
  id: string;
  name: string;
  scope: TokenScope;
  createdAt: string;
  lastUsedAt: string | null;
}

const TOKEN_PREFIX = "gt_";
const TOKEN_BYTES = 32;

export type TokenStore = ReturnType<typeof createTokenStore>;

export function createTokenStore(db: Kysely<Database>) {
  return {
    /** The token is returned here once; only its SHA-256 is kept. */
    async create(
      name: string,
      scope: TokenScope = { kind: "operator" },
    ): Promise<{ token: string; record: OperatorToken }> {
      const token = TOKEN_PREFIX + randomBytes(TOKEN_BYTES).toString("base64url");
      const row = {
        id: newId("tok"),
        name: checkDisplayName("token", name),
        token_hash: hashToken(token),
        created_at: timestamp(),
        last_used_at: null,
        guild_id: scope.kind === "operator" ? null : scope.guildId,
        agent_id: scope.kind === "agent" ? scope.agentId : null,
      };
      try {
        await db.insertInto("operator_token").values(row).execute();
      } catch (error) {
        rethrowAsConflict(
          error,
          "token.exists",
          `A token named ${JSON.stringify(name)} exists; revoke it or pick another name.`,
        );
      }
      return { token, record: toToken(row) };
    },

    /**
     * The token's record when it is valid, else undefined. Checking a token is a read: its last-used
     * stamp is written at most once a minute and without waiting for it, and a stamp that cannot be
     * written (the data folder's disk is full, say) is skipped, so no request fails for it.
     */
    async verify(token: string): Promise<OperatorToken | undefined> {
      if (!token.startsWith(TOKEN_PREFIX)) return undefined;
      const row = await db
        .selectFrom("operator_token")
        .selectAll()
        .where("token_hash", "=", hashToken(token))
        .executeTakeFirst();
      if (row === undefined) return undefined;
      const now = timestamp();
      if (isStale(row.last_used_at, now)) {
        db.updateTable("operator_token")
          .set({ last_used_at: now })
          .where("id", "=", row.id)
          .execute()
          .catch(() => undefined);
      }
      return toToken({ ...row, last_used_at: now });
    },

    async list(): Promise<OperatorToken[]> {
      const rows = await db.selectFrom("operator_token").selectAll().orderBy("name").execute();
      return rows.map(toToken);
    },

    async revoke(name: string): Promise<void> {
      const result = await db.deleteFrom("operator_token").where("name", "=", name).executeTakeFirst();
      if (result.numDeletedRows === 0n) throw notFound("token", name);
    },
  };
}

/** How old a last-used stamp may get before a use writes it again. */
const LAST_USED_PRECISION_MS = 60_000;

function isStale(lastUsedAt: string | null, now: string): boolean {
  return lastUsedAt === null || Date.parse(now) - Date.parse(lastUsedAt) >= LAST_USED_PRECISION_MS;
}

/** A token carries 256 random bits, so a plain SHA-256 is enough (no salt or slow hash needed). */
function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

function toToken(row: Selectable<OperatorTokenTable>): OperatorToken {
  return {
    id: row.id,
    name: row.name,
    scope: scopeOf(row),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

function scopeOf(row: Pick<OperatorTokenTable, "guild_id" | "agent_id">): TokenScope {
  if (row.guild_id === null) return { kind: "operator" };
  if (row.agent_id === null) return { kind: "guild", guildId: row.guild_id };
  return { kind: "agent", guildId: row.guild_id, agentId: row.agent_id };
}
