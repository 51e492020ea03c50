import type { Kysely } from "kysely";
import type { Config } from "../config.ts";
import { type AgentStore, createAgentStore } from "./agentStore.ts";
import { readContextVersion } from "./contextVersion.ts";
import type { Database } from "./database.ts";
import { createEventStore, type EventStore } from "./eventStore.ts";
import { createGenerationStore, type GenerationStore } from "./generationStore.ts";
import { createGuildStore, type GuildStore } from "./guildStore.ts";
import { type InterruptedWork, markInFlightInterrupted } from "./interruptInFlight.ts";
import { createMessageStore, type MessageStore } from "./messageStore.ts";
import { migrateToLatest } from "./migrations.ts";
import { createModelPriceStore, type ModelPriceStore, type StoredModelPrice } from "./modelPriceStore.ts";
import { createNoteStore, type NoteStore } from "./noteStore.ts";
import { openPostgresDatabase } from "./postgresDatabase.ts";
import { createPriceCache, type PriceCache } from "./priceCache.ts";
import { createQueuedMessageStore, type QueuedMessageStore } from "./queuedMessageStore.ts";
import { createRepositoryStore, type RepositoryStore } from "./repositoryStore.ts";
import {
  type BoardRun,
  countRunningRuns,
  listBoardRuns,
  type RunBoardFilter,
  type RunningCounts,
} from "./runBoard.ts";
import { countRunsByStatus } from "./runCounts.ts";
import { createRunStore, type RunStore } from "./runStore.ts";
import { underSavepoint } from "./savepoint.ts";
import { createSecretCipher, type SecretCipher } from "./secretCipher.ts";
import { loadSecretKey } from "./secretKey.ts";
import { createSecretStore, type SecretStore } from "./secretStore.ts";
import { createServerLeaseStore, type ServerLeaseStore } from "./serverLeaseStore.ts";
import { openSqliteDatabase } from "./sqliteDatabase.ts";
import { createTokenStore, type TokenStore } from "./tokenStore.ts";
import { createToolCallStore, type ToolCallStore } from "./toolCallStore.ts";

/** Every entity's store, over one connection or one transaction. */
export interface Stores {
  guilds: GuildStore;
  repositories: RepositoryStore;
  agents: AgentStore;
  secrets: SecretStore;
  tokens: TokenStore;
  runs: RunStore;
  messages: MessageStore;
  /** Operator messages sent while their run works, until its next generation. */
  queuedMessages: QueuedMessageStore;
  generations: GenerationStore;
  toolCalls: ToolCallStore;
  events: EventStore;
  notes: NoteStore;
  modelPrices: ModelPriceStore;
  /**
   * Runs `work` (with these stores) under a savepoint: inside a transaction, its writes roll back
   * alone when it throws (see savepoint.ts).
   */
  underSavepoint<T>(work: () => Promise<T>): Promise<T>;
}

export interface Store extends Stores {
  readonly dialect: "sqlite" | "postgres";
  /**
   * Runs `work` with stores bound to one transaction: all its writes commit together or not at
   * all (a tool call's result message and its end, say). Use only the stores it is given inside.
   */
  transaction<T>(work: (stores: Stores) => Promise<T>): Promise<T>;
  /**
   * A number that changes whenever an agent, a secret, a repository or a price is written (by this
   * process or another): what was read from those tables is still current while it stays.
   */
  contextVersion(): Promise<number>;
  /** Which server runs this store's work (see serverLeaseStore.ts). */
  serverLease: ServerLeaseStore;
  /** Crash recovery at start: see interruptInFlight.ts. */
  markInFlightInterrupted(reason: string): Promise<InterruptedWork>;
  /** The runs by status (/metrics). */
  countRunsByStatus(): ReturnType<typeof countRunsByStatus>;
  /** The runs board across guilds (GET /api/runs): a page of it, and the runs at work or waiting. */
  runBoard: {
    list(filter: RunBoardFilter): Promise<BoardRun[]>;
    counts(scope: { guildId?: string; agentId?: string }): Promise<RunningCounts>;
  };
  close(): Promise<void>;
}

/**
 * Opens the database the config names (SQLite at <home>/guilds.db, or PostgreSQL), brings its
 * schema up to date, and returns the stores. Every store function resolves once its write is
 * committed, so what a caller publishes afterwards is already durable.
 */
export async function openStore(config: Config): Promise<Store> {
  const db =
    config.database.kind === "sqlite"
      ? openSqliteDatabase(config.database.path)
      : openPostgresDatabase(config.database.url);
  try {
    await migrateToLatest(db, config.database.kind);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const cipher = createSecretCipher(() => loadSecretKey(config));
  const prices = createPriceCache<StoredModelPrice>();
  return {
    dialect: config.database.kind,
    ...createStores(db, cipher, prices),
    transaction: (work) =>
      db.transaction().execute((transaction) => work(createStores(transaction, cipher, prices))),
    contextVersion: () => readContextVersion(db),
    serverLease: createServerLeaseStore(db),
    markInFlightInterrupted: (reason) => markInFlightInterrupted(db, reason),
    countRunsByStatus: () => countRunsByStatus(db),
    runBoard: {
      list: (filter) => listBoardRuns(db, config.database.kind, filter),
      counts: (scope) => countRunningRuns(db, scope),
    },
    close: () => db.destroy(),
  };
}

function createStores(
  db: Kysely<Database>,
  cipher: SecretCipher,
  prices: PriceCache<StoredModelPrice>,
): Stores {
  return {
    guilds: createGuildStore(db),
    repositories: createRepositoryStore(db, cipher),
    agents: createAgentStore(db),
    secrets: createSecretStore(db, cipher),
    tokens: createTokenStore(db),
    runs: createRunStore(db),
    messages: createMessageStore(db),
    queuedMessages: createQueuedMessageStore(db),
    generations: createGenerationStore(db),
    toolCalls: createToolCallStore(db),
    events: createEventStore(db),
    notes: createNoteStore(db),
    modelPrices: createModelPriceStore(db, prices),
    underSavepoint: (work) => underSavepoint(db, work),
  };
}
