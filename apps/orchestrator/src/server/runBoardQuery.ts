import { GuildsError } from "@guilds/protocol/guildsError";
import { RUN_SEARCH_MAX_CHARS, RUN_SEARCH_WINDOW, RunBoardStatus } from "@guilds/protocol/runBoardViews";
import type { Context } from "hono";
import type { RouteParameter } from "./apiRoute.ts";

/** GET /api/runs's filters as the query gives them, checked (ids are checked against the store later). */
export interface RunBoardQuery {
  statuses: RunBoardStatus[];
  guildId: string | undefined;
  agentId: string | undefined;
  search: string | undefined;
}

const STATUS_LIST = RunBoardStatus.options.join(", ");

export const RUN_BOARD_QUERY: readonly RouteParameter[] = [
  {
    name: "status",
    description: `Only runs in these board statuses, separated by commas: ${STATUS_LIST}`,
    schema: { type: "string" },
  },
  { name: "guild_id", description: "Only the runs of this guild", schema: { type: "string" } },
  { name: "agent_id", description: "Only the runs of this agent", schema: { type: "string" } },
  {
    name: "q",
    description: `Only runs whose title, or an operator's or assistant's message, holds this text (case-insensitive, at most ${RUN_SEARCH_MAX_CHARS} characters), among the newest ${RUN_SEARCH_WINDOW} runs of the guild or agent asked for`,
    schema: { type: "string" },
  },
];

export function runBoardQuery(c: Context): RunBoardQuery {
  return {
    statuses: statusesOf(c.req.query("status")),
    guildId: idOf(c.req.query("guild_id"), "guild_id", "g", "a guild's id (g_…)"),
    agentId: idOf(c.req.query("agent_id"), "agent_id", "ag", "an agent's id (ag_…)"),
    search: searchOf(c.req.query("q")),
  };
}

function statusesOf(raw: string | undefined): RunBoardStatus[] {
  if (raw === undefined || raw.trim() === "") return [];
  const statuses: RunBoardStatus[] = [];
  for (const word of raw.split(",")) {
    const parsed = RunBoardStatus.safeParse(word.trim());
    if (!parsed.success) {
      throw new GuildsError(
        "request.invalid",
        `status must be one or more of ${STATUS_LIST}, separated by commas (got ${JSON.stringify(raw)}); leave it out for runs of every status.`,
      );
    }
    if (!statuses.includes(parsed.data)) statuses.push(parsed.data);
  }
  return statuses;
}

function idOf(raw: string | undefined, name: string, prefix: string, what: string): string | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (new RegExp(`^${prefix}_[0-9a-z]+$`).test(raw)) return raw;
  throw new GuildsError(
    "request.invalid",
    `${name} must be ${what} (got ${JSON.stringify(raw)}); leave it out for the runs of every ${name === "guild_id" ? "guild" : "agent"}.`,
  );
}

function searchOf(raw: string | undefined): string | undefined {
  const text = raw?.trim() ?? "";
  if (text === "") return undefined;
  if (text.length <= RUN_SEARCH_MAX_CHARS) return text;
  throw new GuildsError(
    "request.invalid",
    `q must be at most ${RUN_SEARCH_MAX_CHARS} characters (got ${text.length}); search for a shorter part of the text.`,
  );
}
