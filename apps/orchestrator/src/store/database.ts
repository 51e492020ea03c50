/**
 * The tables as the query layer sees them: one interface for SQLite and PostgreSQL alike. Portable
 * column types only: ids and timestamps (ISO 8601, UTC) are text, JSON is text, booleans are
 * integers 0/1 (better-sqlite3 cannot bind a boolean), counters are integers.
 */
export interface Database {
  guild: GuildTable;
  repository: RepositoryTable;
  agent: AgentTable;
  secret: SecretTable;
  operator_token: OperatorTokenTable;
  run: RunTable;
  message: MessageTable;
  queued_message: QueuedMessageTable;
  generation: GenerationTable;
  model_price: ModelPriceTable;
  tool_call: ToolCallTable;
  run_event: RunEventTable;
  event_counter: EventCounterTable;
  context_version: ContextVersionTable;
  note: NoteTable;
  server_lease: ServerLeaseTable;
}

export interface GuildTable {
  id: string;
  name: string;
  created_at: string;
}

export interface RepositoryTable {
  id: string;
  guild_id: string;
  name: string;
  /** A git remote, or null for a local path. */
  url: string | null;
  local_path: string | null;
  /** The secret (scope "repository") holding the token, if any. */
  token_secret_id: string | null;
  created_at: string;
}

export interface AgentTable {
  id: string;
  guild_id: string;
  name: string;
  harness: string | null;
  harness_model: string | null;
  harness_effort: string | null;
  model_provider: string;
  model_name: string;
  model_base_url: string | null;
  coding: number;
  max_tool_calls: number;
  idle_stop_minutes: number;
  /** The agent's own machine limits; null for the default. */
  limit_pids: number | null;
  limit_memory_bytes: number | null;
  limit_cpus: number | null;
  limit_disk_bytes: number | null;
  created_at: string;
  updated_at: string;
}

export interface SecretTable {
  id: string;
  guild_id: string;
  /** Set for scope "agent"; deleting the agent deletes its secrets. */
  agent_id: string | null;
  scope: string;
  /** The guild, agent or repository id the secret belongs to: names are unique per owner. */
  owner_id: string;
  name: string;
  /** AES-256-GCM, see secretCipher.ts. */
  value_encrypted: string;
  /** JSON array of extra variable names. */
  aliases: string;
  created_at: string;
  updated_at: string;
}

export interface OperatorTokenTable {
  id: string;
  name: string;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
  /** A guild's or an agent's token: what it may see and do (null for an operator's). */
  guild_id: string | null;
  agent_id: string | null;
}

export interface RunTable {
  id: string;
  guild_id: string;
  agent_id: string;
  /** From the first message, or the operator's; "" for none. */
  title: string;
  status: string;
  status_reason: string | null;
  /** JSON object; harness_task lives here. */
  metadata: string;
  tool_calls_used: number;
  /** The last message seq handed out: the next append takes this + 1 under the row's lock. */
  last_message_seq: number;
  last_generation_seq: number;
  /** Its generations' and code tasks' tokens and known costs, summed as each ends. */
  input_tokens: number;
  output_tokens: number;
  cached_tokens: number;
  cost_usd: number | null;
  created_at: string;
  updated_at: string;
  ended_at: string | null;
}

export interface MessageTable {
  id: string;
  run_id: string;
  seq: number;
  role: string;
  /** JSON. */
  content: string;
  created_at: string;
}

/** An operator message sent while its run worked, until the run's next generation takes it. */
export interface QueuedMessageTable {
  id: string;
  run_id: string;
  /** Redacted when it was queued. */
  text: string;
  created_at: string;
}

export interface GenerationTable {
  id: string;
  run_id: string;
  seq: number;
  model: string;
  status: string;
  /** JSON of the counts, from before 0007_usage (the columns below since); null after. */
  usage: string | null;
  /** As the provider reported them; null where it gave none. */
  input_tokens: number | null;
  output_tokens: number | null;
  cached_tokens: number | null;
  /** From the price table when it ended; null without a price or counts. */
  cost_usd: number | null;
  error: string | null;
  started_at: string;
  ended_at: string | null;
}

export interface ToolCallTable {
  id: string;
  run_id: string;
  generation_id: string | null;
  /** The call id the model gave (toolu_..., call_...). */
  call_id: string;
  tool: string;
  /** JSON of what the model sent, or its raw text when it was not JSON. */
  arguments: string;
  status: string;
  /** The text the model read, after the platform pipeline. */
  result: string | null;
  /** The seq of the message that carries the result ("step N"). */
  result_seq: number | null;
  /** 1 when the platform pipeline's cap cut the result. */
  result_cut: number;
  /** JSON object: the tool's metadata. */
  metadata: string;
  repeat_of: number | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
  duration_ms: number | null;
}

export interface RunEventTable {
  /** Global and commit-ordered (see eventStore.ts): the SSE `id:`. */
  id: number;
  run_id: string;
  guild_id: string;
  type: string;
  /** JSON. */
  payload: string;
  created_at: string;
}

export interface EventCounterTable {
  name: string;
  value: number;
}

/** One row, "context": bumped by a trigger on every write to agent, secret, repository, model_price. */
export interface ContextVersionTable {
  name: string;
  value: number;
}

export interface NoteTable {
  id: string;
  guild_id: string;
  /** The display path, unique in its guild: runbooks/deploy.md, tasks/t-12. */
  path: string;
  /** note, record, collection or script (NOTE_KINDS). */
  kind: string;
  /** Markdown, a record's JSON view, a script's source; null for a collection (and only then). */
  content: string | null;
  created_at: string;
  updated_at: string;
}

export interface ServerLeaseTable {
  /** Always "server": the table holds at most one row. */
  name: string;
  /** The holding process's own id, new at every start. */
  holder: string;
  host: string;
  pid: number;
  /** When the holder's process started, as its host counts it (null where that is unknown). */
  process_start: string | null;
  claimed_at: string;
  expires_at: string;
}

/** The operator's price for a model, per million tokens in US dollars; it overrides the default. */
export interface ModelPriceTable {
  model: string;
  input_usd_per_million: number;
  output_usd_per_million: number;
  cached_input_usd_per_million: number;
  updated_at: string;
}
