import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { agentQuery, guildQuery, queryKeys, runQuery } from "../../../api/resourceQueries.ts";
import { type DetailView, parseDetailView } from "../../../runFlow/detailView.ts";
import { runClientText } from "../../../runFlow/runClientText.ts";
import { startedCalls } from "../../../runFlow/startedCalls.ts";
import { useRunFlow } from "../../../runFlow/useRunFlow.ts";
import { ErrorNotice } from "../../../ui/ErrorNotice.tsx";
import { Tabs } from "../../../ui/Tabs.tsx";
import { FlowView } from "./chat/FlowView.tsx";
import { MessageComposer } from "./MessageComposer.tsx";
import { OpenCallPanel } from "./OpenCallPanel.tsx";
import { RunDetails } from "./RunDetails.tsx";
import { RunHeader } from "./RunHeader.tsx";
import { isNotFound, RunNotFound } from "./RunNotFound.tsx";
import { useRemainingHeight } from "./useRemainingHeight.ts";
import { viewOnOpening } from "./viewOnOpening.ts";
import "./runPage.css";

type RunTab = "chat" | "run";
const RUN_TABS: { key: RunTab; label: string }[] = [
  { key: "chat", label: "Chat" },
  { key: "run", label: "Run" },
];

/**
 * A run: its head, the Chat tab (the live flow, the open call's detail, the composer) and the Run
 * tab. The open call and its view live in the URL (?call=<id>&view=<view>), so a reload reopens them.
 */
export function RunPage() {
  const { runId = "" } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const [tab, setTab] = useState<RunTab>("chat");
  const queryClient = useQueryClient();
  const pageRef = useRef<HTMLDivElement>(null);
  const height = useRemainingHeight(pageRef);

  const runAnswer = useQuery(runQuery(runId));
  const run = runAnswer.data;
  const agent = useQuery({ ...agentQuery(run?.agent_id ?? ""), enabled: run !== undefined }).data;
  const guild = useQuery({ ...guildQuery(run?.guild_id ?? ""), enabled: run !== undefined }).data;
  const agentHarness = agent?.harness ?? null;

  const missing = isNotFound(runAnswer.error);
  const { flow, version, stream, streamDetail } = useRunFlow(runId, !missing);
  const eventsArrived = flow.lastEventId > 0;
  const status = eventsArrived ? flow.status : (run?.status ?? null);
  const statusReason = eventsArrived ? flow.statusReason : (run?.status_reason ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version says when the flow changed.
  const toolCallsUsed = useMemo(
    () => (eventsArrived ? startedCalls(flow) : (run?.tool_calls_used ?? null)),
    [eventsArrived, flow, run, version],
  );

  // The run's stored counters and times change with its status: read them again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: flow.status is the trigger, not an input.
  useEffect(() => {
    if (eventsArrived) void queryClient.invalidateQueries({ queryKey: queryKeys.run(runId) });
  }, [eventsArrived, flow.status, queryClient, runId]);

  // Each generation's and code task's end adds to the run's usage and cost: read its totals again.
  useEffect(() => {
    if (flow.usageVersion > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.run(runId) });
  }, [flow.usageVersion, queryClient, runId]);

  const selectedCallId = searchParams.get("call");
  const view = parseDetailView(searchParams.get("view"));
  // setSearchParams changes with the URL; the callbacks below must not (every row takes one as a
  // prop, and a new one would re-render them all), so they read it, and the open call, from refs.
  const setParamsRef = useRef(setSearchParams);
  setParamsRef.current = setSearchParams;
  const callOpenRef = useRef(false);
  callOpenRef.current = selectedCallId !== null;

  const openCall = useCallback(
    (callId: string) => {
      const call = flow.calls.get(callId);
      setParamsRef.current(
        (current) => {
          const next = new URLSearchParams(current);
          next.set("call", callId);
          next.set("view", viewOnOpening(call, parseDetailView(current.get("view"))));
          return next;
        },
        // Switching from one open call to another replaces the entry: Back closes the detail.
        { replace: callOpenRef.current },
      );
    },
    [flow],
  );
  const changeView = useCallback(
    (next: DetailView) =>
      setParamsRef.current(
        (current) => {
          const params = new URLSearchParams(current);
          params.set("view", next);
          return params;
        },
        { replace: true },
      ),
    [],
  );
  const closeDetail = useCallback(
    () =>
      setParamsRef.current((current) => {
        const params = new URLSearchParams(current);
        params.delete("call");
        params.delete("view");
        return params;
      }),
    [],
  );

  const liveCall = selectedCallId === null ? undefined : flow.calls.get(selectedCallId);
  // The call changes in place: a copy per version gives the detail a new object when it changed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version says when the call changed.
  const openedCall = useMemo(() => (liveCall === undefined ? null : { ...liveCall }), [liveCall, version]);

  if (missing) return <RunNotFound error={runAnswer.error} />;
  return (
    <div ref={pageRef} className="run-page" style={height === null ? undefined : { height }}>
      <RunHeader
        runId={runId}
        run={run}
        agent={agent}
        guild={guild}
        status={status}
        statusReason={statusReason}
        toolCallsUsed={toolCallsUsed}
        stream={stream}
        streamDetail={streamDetail}
      />
      <ErrorNotice error={runAnswer.error} title="Couldn't load the run" />
      <div className="run-body">
        <Tabs label="Run views" tabs={RUN_TABS} selected={tab} onSelect={setTab}>
          {tab === "chat" ? (
            <div className={`run-chat${selectedCallId !== null ? " run-chat--detail" : ""}`}>
              <div className="run-chat-main">
                <FlowView
                  flow={flow}
                  version={version}
                  agentHarness={agentHarness}
                  selectedCallId={selectedCallId}
                  onOpenCall={openCall}
                  emptyText={stream === "live" ? "Nothing in this run yet." : "Loading the run's flow…"}
                />
                <MessageComposer
                  runId={runId}
                  running={status === "running"}
                  queued={flow.queued}
                  client={run === undefined ? null : runClientText(run)}
                />
              </div>
              {selectedCallId !== null && (
                <div className="run-detail">
                  <OpenCallPanel
                    runId={runId}
                    call={openedCall}
                    live={stream === "live" && eventsArrived}
                    agentHarness={agentHarness}
                    agentId={run?.agent_id ?? null}
                    view={view}
                    onViewChange={changeView}
                    onClose={closeDetail}
                  />
                </div>
              )}
            </div>
          ) : (
            <RunDetails run={run} />
          )}
        </Tabs>
      </div>
    </div>
  );
}
