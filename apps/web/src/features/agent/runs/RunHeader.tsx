import type { Agent, Guild, Run } from "@guilds/client/apiTypes";
import type { RunStatus } from "@guilds/protocol/runEvents";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { answer, guildsApi } from "../../../api/apiClient.ts";
import { queryKeys } from "../../../api/resourceQueries.ts";
import type { StreamState } from "../../../api/runEventStream.ts";
import { runClientText } from "../../../runFlow/runClientText.ts";
import { usageAndCostText } from "../../../runFlow/usageText.ts";
import { Button } from "../../../ui/Button.tsx";
import { ErrorNotice } from "../../../ui/ErrorNotice.tsx";
import { shortId } from "../../../ui/shortId.ts";
import { Timestamp } from "../../../ui/Timestamp.tsx";
import { RunTitle } from "./RunTitle.tsx";

export interface RunHeaderProps {
  runId: string;
  run: Run | undefined;
  agent: Agent | undefined;
  guild: Guild | undefined;
  /** null until the run or its events say. */
  status: RunStatus | null;
  statusReason: string | null;
  /** Calls counted against max_tool_calls: from the live flow, else the stored run. */
  toolCallsUsed: number | null;
  stream: StreamState;
  streamDetail: string | null;
}

/** The run's head: its agent and guild, its status and why, its budget, the stream, and Cancel run. */
export function RunHeader(props: RunHeaderProps) {
  const { runId, run, agent, guild, status, statusReason, toolCallsUsed, stream, streamDetail } = props;
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => answer(guildsApi.POST("/api/runs/{runId}/cancel", { params: { path: { runId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.run(runId) }),
  });
  return (
    <header className="run-header">
      <div className="run-header-main">
        <p className="run-kicker">
          Run <span className="run-kicker-id">{shortId(runId)}</span>
          {run !== undefined && (
            <>
              {" · "}
              <Timestamp iso={run.created_at} prefix="started" />
              {" · by "}
              <Link to={`/agents/${encodeURIComponent(run.agent_id)}`}>{agent?.name ?? "its agent"}</Link>
              {" in "}
              <Link to={`/guilds/${encodeURIComponent(run.guild_id)}`}>{guild?.name ?? "its guild"}</Link>
              {runClientText(run) !== null && (
                <span data-testid="run-client">{` · ${runClientText(run)}`}</span>
              )}
            </>
          )}
        </p>
        {run !== undefined ? (
          <RunTitle run={run} />
        ) : (
          <h1 className="run-title">
            <span className="run-title-loading">Loading the run…</span>
          </h1>
        )}
        <div className="run-facts">
          {status !== null && (
            <span className={`run-status run-status--${status}`}>
              <span className="run-status-dot" aria-hidden="true" />
              <span data-testid="run-status">{status}</span>
            </span>
          )}
          {statusReason !== null && statusReason !== "" && <span className="run-reason">{statusReason}</span>}
          {run !== undefined && (
            <span
              className="run-usage"
              data-testid="run-usage"
              title="Tokens in (cached) and out, and their cost"
            >
              {usageAndCostText(run.usage, run.cost_usd) ?? "no tokens used yet"}
            </span>
          )}
          {toolCallsUsed !== null && (
            <span className="run-budget">
              {agent !== undefined
                ? `${toolCallsUsed} / ${agent.max_tool_calls} tool calls`
                : `${toolCallsUsed} tool calls used`}
            </span>
          )}
          {streamShown(status, stream) && (
            <span className={`run-stream run-stream--${stream}`} title={streamDetail ?? undefined}>
              <span className="run-stream-dot" aria-hidden="true" />
              <span data-testid="stream-state">{stream}</span>
            </span>
          )}
        </div>
      </div>
      {status === "running" && (
        <div className="run-header-actions">
          <Button
            variant="secondary"
            className="button-outline-danger"
            busy={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            Cancel run
          </Button>
        </div>
      )}
      {cancel.error !== null && (
        <div className="run-header-error">
          <ErrorNotice error={cancel.error} title="Couldn't cancel the run" />
        </div>
      )}
    </header>
  );
}

/**
 * The stream's state is news while the run runs, or while the page is not (yet) following it: once
 * the run ended, a green "live" would say work goes on when none does (the stream stays open for a
 * message that continues the run, which shows it again).
 */
export function streamShown(status: RunStatus | null, stream: StreamState): boolean {
  return status === "running" || stream !== "live";
}
