import { z } from "zod";
import { RunView } from "./apiViews.ts";

/*
 * GET /api/runs: the runs board, every run a token may see across guilds and agents. A run's board
 * status is its status, with a running run that waits told apart:
 *
 * waiting: the run is running but nothing the server runs for it is at work (no model call in
 * progress, no tool call pending or running other than a code_task), and it waits for something
 * outside: a code_task's harness CLI doing its task, or the next call of the MCP client that drives
 * the run. A run of the agent's own model between two of its steps is running, not waiting.
 */

export const RunBoardStatus = z.enum([
  "running",
  "waiting",
  "completed",
  "failed",
  "cancelled",
  "interrupted",
]);
export type RunBoardStatus = z.infer<typeof RunBoardStatus>;

/** The longest search text GET /api/runs takes (?q=). */
export const RUN_SEARCH_MAX_CHARS = 200;
/**
 * A search (?q=) looks through this many of the newest runs (of the guild or agent asked for) at
 * most: a text that matches nothing reads every message of them (10,000 runs with two messages
 * of about 600 characters each took ~350 ms on SQLite here).
 */
export const RUN_SEARCH_WINDOW = 10_000;

export const BoardRunView = RunView.extend({
  board_status: RunBoardStatus.describe(
    "Its status, except that a running run with no model call and no tool call at work (a code_task aside) is waiting: for a code task, or for its MCP client's next call.",
  ),
  agent_name: z.string(),
  guild_name: z.string(),
}).meta({ id: "BoardRun" });
export type BoardRunView = z.infer<typeof BoardRunView>;

export const RunBoardList = z
  .strictObject({
    runs: z.array(BoardRunView).describe("Newest first."),
    next_cursor: z
      .string()
      .nullable()
      .describe("Pass it as ?cursor= (with the same filters) for the next page; null on the last page."),
    running: z.int().describe("Runs at work now, of all the token sees, whatever the filters."),
    waiting: z.int().describe("Running runs that wait (board_status waiting), of all the token sees."),
  })
  .meta({ id: "RunBoard" });
export type RunBoardList = z.infer<typeof RunBoardList>;
