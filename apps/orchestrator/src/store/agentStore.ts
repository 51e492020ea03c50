import { GuildsError } from "@guilds/protocol/guildsError";
import type { Kysely, Selectable } from "kysely";
import type { AgentLimitSettings } from "../machines/machineLimits.ts";
import { limitColumns, limitsOf } from "./agentLimits.ts";
import {
  checkHarness,
  checkModelName,
  checkModelProvider,
  checkWholeNumber,
  type Harness,
  IDLE_STOP_MINUTES_DEFAULT,
  IDLE_STOP_MINUTES_LIMIT,
  MAX_TOOL_CALLS_DEFAULT,
  MAX_TOOL_CALLS_LIMIT,
  type ModelProviderName,
} from "./agentSettings.ts";
import { timestamp } from "./clock.ts";
import { constraintViolation, rethrowAsConflict } from "./constraintViolation.ts";
import type { AgentTable, Database } from "./database.ts";
import { newId } from "./ids.ts";
import { type KeyPage, orderedPage } from "./keyPage.ts";
import { checkDisplayName } from "./names.ts";
import { found, notFound } from "./notFound.ts";
import { describeRuns, noRunInProgress, type RunInProgress, runsInProgress } from "./runsInProgress.ts";
import { secretNames } from "./secretNames.ts";
import { inTransaction } from "./transaction.ts";

export interface Agent {
  id: string;
  guildId: string;
  name: string;
  /** The harness CLI code_task drives, or null for none. */
  harness: Harness | null;
  harnessModel: string | null;
  harnessEffort: string | null;
  /** The model of the agent's own generations. */
  modelProvider: ModelProviderName;
  modelName: string;
  /** For openai-compatible servers (local models); null for the provider's default. */
  modelBaseUrl: string | null;
  /** Gates the code tools; read live at each generation, not snapshotted on the run. */
  coding: boolean;
  maxToolCalls: number;
  idleStopMinutes: number;
  /** Its machine's limits, each null for the default; read at each start of the machine. */
  limits: AgentLimitSettings;
  createdAt: string;
  updatedAt: string;
}

/** What can be changed after creation. */
export interface AgentSettings {
  name?: string;
  harness?: Harness | null;
  harnessModel?: string | null;
  harnessEffort?: string | null;
  modelProvider?: ModelProviderName;
  modelName?: string;
  modelBaseUrl?: string | null;
  coding?: boolean;
  maxToolCalls?: number;
  idleStopMinutes?: number;
  /** The limits given are set, null resetting one to the default; the others stay. */
  limits?: Partial<AgentLimitSettings>;
}

export type NewAgent = AgentSettings & {
  guildId: string;
  name: string;
  modelProvider: ModelProviderName;
  modelName: string;
};

export type AgentStore = ReturnType<typeof createAgentStore>;

export function createAgentStore(db: Kysely<Database>) {
  return {
    /** Coding is on unless said otherwise: the code tools are what the platform is for. */
    async create(input: NewAgent): Promise<Agent> {
      const now = timestamp();
      const row: Selectable<AgentTable> = {
        id: newId("ag"),
        guild_id: input.guildId,
        name: checkDisplayName("agent", input.name),
        harness: checkHarness(input.harness ?? null),
        harness_model: blankToNull(input.harnessModel ?? null),
        harness_effort: blankToNull(input.harnessEffort ?? null),
        model_provider: checkModelProvider(input.modelProvider),
        model_name: checkModelName(input.modelName),
        model_base_url: blankToNull(input.modelBaseUrl ?? null),
        coding: (input.coding ?? true) ? 1 : 0,
        max_tool_calls: checkMaxToolCalls(input.maxToolCalls ?? MAX_TOOL_CALLS_DEFAULT),
        idle_stop_minutes: checkIdleStopMinutes(input.idleStopMinutes ?? IDLE_STOP_MINUTES_DEFAULT),
        limit_pids: null,
        limit_memory_bytes: null,
        limit_cpus: null,
        limit_disk_bytes: null,
        ...limitColumns(input.limits),
        created_at: now,
        updated_at: now,
      };
      try {
        await db.insertInto("agent").values(row).execute();
      } catch (error) {
        if (constraintViolation(error) === "foreign_key") throw notFound("guild", input.guildId);
        rethrowAsConflict(
          error,
          "agent.exists",
          `The guild has an agent named ${JSON.stringify(input.name)}; pick another name.`,
        );
      }
      return toAgent(row);
    },

    get: (id: string): Promise<Agent> => getAgent(db, id),

    async findByName(guildId: string, name: string): Promise<Agent | undefined> {
      const row = await db
        .selectFrom("agent")
        .selectAll()
        .where("guild_id", "=", guildId)
        .where("name", "=", name)
        .executeTakeFirst();
      return row && toAgent(row);
    },

    /** By name; `page` for a page of them. */
    async list(guildId: string, page: KeyPage = {}): Promise<Agent[]> {
      const query = db.selectFrom("agent").selectAll().where("guild_id", "=", guildId);
      const rows = await orderedPage(query, "name", page).execute();
      return rows.map(toAgent);
    },

    async update(id: string, settings: AgentSettings): Promise<Agent> {
      let row: Selectable<AgentTable> | undefined;
      try {
        row = await db
          .updateTable("agent")
          .set({ ...settingsColumns(settings), updated_at: timestamp() })
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirst();
      } catch (error) {
        rethrowAsConflict(
          error,
          "agent.exists",
          `The guild has an agent named ${JSON.stringify(settings.name)}; pick another name.`,
        );
      }
      return toAgent(found(row, "agent", id));
    },

    /**
     * Deletes the agent with its secrets and its runs (their messages, generations, tool calls and
     * events). Refused with agent.busy (409) while one of its runs is in progress.
     */
    async delete(id: string): Promise<AgentDeletion> {
      return inTransaction(db, async (transaction) => {
        const agent = await getAgent(transaction, id);
        const busy = await runsInProgress(transaction, { agentId: id });
        if (busy.length > 0) throw agentBusy(agent, busy);
        const { runs } = await transaction
          .selectFrom("run")
          .select((select) => select.fn.countAll<number>().as("runs"))
          .where("agent_id", "=", id)
          .executeTakeFirstOrThrow();
        const secrets = await secretNames(transaction, { agentId: id });
        const result = await transaction
          .deleteFrom("agent")
          .where("id", "=", id)
          .where(noRunInProgress(transaction, { agentId: id }))
          .executeTakeFirst();
        // A run started since the check above (in another process).
        if (result.numDeletedRows === 0n) throw agentBusy(agent, []);
        return { agent, runs: Number(runs), secrets };
      });
    },
  };
}

/** What a deleted agent took with it. */
export interface AgentDeletion {
  agent: Agent;
  runs: number;
  /** The names of its own secrets. */
  secrets: string[];
}

async function getAgent(db: Kysely<Database>, id: string): Promise<Agent> {
  const row = await db.selectFrom("agent").selectAll().where("id", "=", id).executeTakeFirst();
  return toAgent(found(row, "agent", id));
}

function agentBusy(agent: Agent, runs: readonly RunInProgress[]): GuildsError {
  const which = runs.length === 0 ? "a run that has just started" : describeRuns(runs);
  const first = runs[0]?.id ?? "<run id>";
  return new GuildsError(
    "agent.busy",
    `The agent ${agent.name} has a run in progress (${which}); cancel it first (Ctrl-C where \`guilds run\` shows it, or POST /api/runs/${first}/cancel), then delete the agent.`,
  );
}

/** The columns of the settings given, each checked; absent settings are left out. */
function settingsColumns(settings: AgentSettings): Partial<Selectable<AgentTable>> {
  const columns: Partial<Selectable<AgentTable>> = {};
  if (settings.name !== undefined) columns.name = checkDisplayName("agent", settings.name);
  if (settings.harness !== undefined) columns.harness = checkHarness(settings.harness);
  if (settings.harnessModel !== undefined) columns.harness_model = blankToNull(settings.harnessModel);
  if (settings.harnessEffort !== undefined) columns.harness_effort = blankToNull(settings.harnessEffort);
  if (settings.modelProvider !== undefined)
    columns.model_provider = checkModelProvider(settings.modelProvider);
  if (settings.modelName !== undefined) columns.model_name = checkModelName(settings.modelName);
  if (settings.modelBaseUrl !== undefined) columns.model_base_url = blankToNull(settings.modelBaseUrl);
  if (settings.coding !== undefined) columns.coding = settings.coding ? 1 : 0;
  if (settings.maxToolCalls !== undefined) columns.max_tool_calls = checkMaxToolCalls(settings.maxToolCalls);
  if (settings.idleStopMinutes !== undefined)
    columns.idle_stop_minutes = checkIdleStopMinutes(settings.idleStopMinutes);
  return { ...columns, ...limitColumns(settings.limits) };
}

function checkMaxToolCalls(value: number): number {
  return checkWholeNumber("max_tool_calls", value, MAX_TOOL_CALLS_LIMIT);
}

function checkIdleStopMinutes(value: number): number {
  return checkWholeNumber("idle_stop_minutes", value, IDLE_STOP_MINUTES_LIMIT);
}

function blankToNull(value: string | null): string | null {
  return value === null || value.trim() === "" ? null : value.trim();
}

function toAgent(row: Selectable<AgentTable>): Agent {
  return {
    id: row.id,
    guildId: row.guild_id,
    name: row.name,
    harness: checkHarness(row.harness),
    harnessModel: row.harness_model,
    harnessEffort: row.harness_effort,
    modelProvider: checkModelProvider(row.model_provider),
    modelName: row.model_name,
    modelBaseUrl: row.model_base_url,
    coding: row.coding === 1,
    maxToolCalls: row.max_tool_calls,
    idleStopMinutes: row.idle_stop_minutes,
    limits: limitsOf(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
