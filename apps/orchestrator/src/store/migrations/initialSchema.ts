import { type Kysely, sql } from "kysely";

/**
 * The first schema. Written with the schema builder and portable types only (text, integer,
 * bigint), so the same migration runs on SQLite and PostgreSQL. A later change is a new migration,
 * never an edit of this one.
 */
export async function createInitialSchema(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("guild")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("name", "text", (column) => column.notNull().unique())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("agent")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("guild_id", "text", (column) => column.notNull().references("guild.id").onDelete("cascade"))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("harness", "text")
    .addColumn("harness_model", "text")
    .addColumn("harness_effort", "text")
    .addColumn("model_provider", "text", (column) => column.notNull())
    .addColumn("model_name", "text", (column) => column.notNull())
    .addColumn("model_base_url", "text")
    .addColumn("coding", "integer", (column) => column.notNull())
    .addColumn("max_tool_calls", "integer", (column) => column.notNull())
    .addColumn("idle_stop_minutes", "integer", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .addUniqueConstraint("agent_name_per_guild", ["guild_id", "name"])
    .execute();

  await db.schema
    .createTable("secret")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("guild_id", "text", (column) => column.notNull().references("guild.id").onDelete("cascade"))
    .addColumn("agent_id", "text", (column) => column.references("agent.id").onDelete("cascade"))
    .addColumn("scope", "text", (column) => column.notNull())
    .addColumn("owner_id", "text", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("value_encrypted", "text", (column) => column.notNull())
    .addColumn("aliases", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .addUniqueConstraint("secret_name_per_owner", ["owner_id", "name"])
    .execute();

  await db.schema
    .createTable("repository")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("guild_id", "text", (column) => column.notNull().references("guild.id").onDelete("cascade"))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("url", "text")
    .addColumn("local_path", "text")
    .addColumn("token_secret_id", "text", (column) => column.references("secret.id").onDelete("set null"))
    .addColumn("created_at", "text", (column) => column.notNull())
    .addUniqueConstraint("repository_name_per_guild", ["guild_id", "name"])
    .addCheckConstraint("repository_url_or_path", sql`(url is null) <> (local_path is null)`)
    .execute();

  await db.schema
    .createTable("operator_token")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("name", "text", (column) => column.notNull().unique())
    .addColumn("token_hash", "text", (column) => column.notNull().unique())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("last_used_at", "text")
    .execute();

  await db.schema
    .createTable("run")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("guild_id", "text", (column) => column.notNull().references("guild.id").onDelete("cascade"))
    .addColumn("agent_id", "text", (column) => column.notNull().references("agent.id").onDelete("cascade"))
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("status_reason", "text")
    .addColumn("metadata", "text", (column) => column.notNull())
    .addColumn("tool_calls_used", "integer", (column) => column.notNull())
    .addColumn("last_message_seq", "integer", (column) => column.notNull())
    .addColumn("last_generation_seq", "integer", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .addColumn("ended_at", "text")
    .execute();
  await db.schema.createIndex("run_by_agent").on("run").columns(["agent_id", "created_at"]).execute();
  await db.schema.createIndex("run_by_guild").on("run").columns(["guild_id", "created_at"]).execute();
  await db.schema.createIndex("run_by_status").on("run").column("status").execute();

  await db.schema
    .createTable("message")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("run_id", "text", (column) => column.notNull().references("run.id").onDelete("cascade"))
    .addColumn("seq", "integer", (column) => column.notNull())
    .addColumn("role", "text", (column) => column.notNull())
    .addColumn("content", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addUniqueConstraint("message_seq_per_run", ["run_id", "seq"])
    .execute();

  await db.schema
    .createTable("generation")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("run_id", "text", (column) => column.notNull().references("run.id").onDelete("cascade"))
    .addColumn("seq", "integer", (column) => column.notNull())
    .addColumn("model", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("usage", "text")
    .addColumn("error", "text")
    .addColumn("started_at", "text", (column) => column.notNull())
    .addColumn("ended_at", "text")
    .addUniqueConstraint("generation_seq_per_run", ["run_id", "seq"])
    .execute();
  await db.schema.createIndex("generation_by_status").on("generation").column("status").execute();

  await db.schema
    .createTable("tool_call")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("run_id", "text", (column) => column.notNull().references("run.id").onDelete("cascade"))
    .addColumn("generation_id", "text", (column) => column.references("generation.id").onDelete("cascade"))
    .addColumn("call_id", "text", (column) => column.notNull())
    .addColumn("tool", "text", (column) => column.notNull())
    .addColumn("arguments", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("result", "text")
    .addColumn("result_seq", "integer")
    .addColumn("result_cut", "integer", (column) => column.notNull())
    .addColumn("metadata", "text", (column) => column.notNull())
    .addColumn("repeat_of", "integer")
    .addColumn("error", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("started_at", "text")
    .addColumn("ended_at", "text")
    .addColumn("duration_ms", "integer")
    .execute();
  await db.schema.createIndex("tool_call_by_run").on("tool_call").columns(["run_id", "tool"]).execute();
  await db.schema.createIndex("tool_call_by_status").on("tool_call").column("status").execute();

  await db.schema
    .createTable("event_counter")
    .addColumn("name", "text", (column) => column.primaryKey())
    .addColumn("value", "bigint", (column) => column.notNull())
    .execute();
  await sql`insert into event_counter (name, value) values ('run_event', 0)`.execute(db);

  await db.schema
    .createTable("run_event")
    .addColumn("id", "bigint", (column) => column.primaryKey())
    .addColumn("run_id", "text", (column) => column.notNull().references("run.id").onDelete("cascade"))
    .addColumn("guild_id", "text", (column) => column.notNull().references("guild.id").onDelete("cascade"))
    .addColumn("type", "text", (column) => column.notNull())
    .addColumn("payload", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("run_event_by_run").on("run_event").columns(["run_id", "id"]).execute();
  await db.schema.createIndex("run_event_by_guild").on("run_event").columns(["guild_id", "id"]).execute();
}
