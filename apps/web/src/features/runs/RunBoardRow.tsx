import type { components } from "@guilds/client/generated/api";
import { Link } from "react-router";
import { runClientText } from "../../runFlow/runClientText.ts";
import { costText, usageText } from "../../runFlow/usageText.ts";
import { RunRow } from "../../ui/RunRow.tsx";

export type BoardRun = components["schemas"]["BoardRun"];

/**
 * One run on the board: a run's row, saying whose it is (its agent, its guild, its client) and what
 * it cost ("no cost" while none is known: no price for its model, or no tokens yet); its tokens on
 * hover.
 */
export function RunBoardRow({ run }: { run: BoardRun }) {
  const client = runClientText(run);
  return (
    <RunRow
      run={run}
      status={run.board_status}
      details={
        <span className="run-row-client board-row-owner">
          <Link to={`/agents/${run.agent_id}`}>{run.agent_name}</Link>
          {" in "}
          <Link to={`/guilds/${run.guild_id}`}>{run.guild_name}</Link>
          {client !== null && ` · ${client}`}
        </span>
      }
      toolCalls={`${run.tool_calls_used} tool call${run.tool_calls_used === 1 ? "" : "s"}`}
      cost={
        <span className="board-row-cost" title={usageText(run.usage) ?? "No tokens reported"}>
          {run.cost_usd === null ? "no cost" : costText(run.cost_usd)}
        </span>
      }
    />
  );
}
