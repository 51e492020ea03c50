import type { RunEventEnvelope } from "@guilds/protocol/runEvents";
import { useEffect, useRef, useState } from "react";
import { loadRunEventSnapshot } from "../api/runEventSnapshot.ts";
import { followRunEvents, type StreamState } from "../api/runEventStream.ts";
import { applyRunEvent } from "./applyRunEvent.ts";
import { emptyRunFlow, type RunFlow } from "./runFlow.ts";

export interface LiveRunFlow {
  flow: RunFlow;
  /** Bumped when the flow changed: at most once per animation frame. */
  version: number;
  stream: StreamState;
  /** Why the stream last dropped, while reconnecting. */
  streamDetail: string | null;
}

/**
 * The run's flow, live: its stored events read in one answer (the snapshot), then its stream from
 * the snapshot's last event id, through reconnects (Last-Event-ID = the last applied id, so none is
 * lost or doubled). Without a snapshot (it failed) the stream replays every event from the start.
 * Renders are coalesced to one per animation frame, however many events arrive. `follow` false (a
 * run the server does not know) closes the stream.
 */
export function useRunFlow(runId: string, follow = true): LiveRunFlow {
  const flowRef = useRef<RunFlow>(emptyRunFlow(runId));
  if (flowRef.current.runId !== runId) flowRef.current = emptyRunFlow(runId);
  const [version, setVersion] = useState(0);
  const [stream, setStream] = useState<{ state: StreamState; detail: string | null }>({
    state: "connecting",
    detail: null,
  });

  useEffect(() => {
    if (!follow) return;
    const flow = flowRef.current;
    const snapshot = new AbortController();
    let frame: number | null = null;
    let close = () => snapshot.abort();
    const render = () => {
      frame = null;
      setVersion(flow.version);
    };
    const apply = (envelopes: readonly RunEventEnvelope[]) => {
      let changed = false;
      for (const envelope of envelopes) changed = applyRunEvent(flow, envelope) || changed;
      if (changed && frame === null) frame = requestAnimationFrame(render);
    };
    const followStream = (firstResponse?: Promise<Response>) => {
      if (snapshot.signal.aborted) return;
      close = followRunEvents({
        runId,
        lastEventId: flow.lastEventId,
        onEvents: apply,
        onState: (state, detail) => setStream({ state, detail: detail ?? null }),
        ...(firstResponse === undefined ? {} : { firstResponse }),
      });
    };
    if (flow.lastEventId > 0) followStream();
    else {
      loadRunEventSnapshot(runId, snapshot.signal).then(
        ({ events, lastEventId, stream }) => {
          if (snapshot.signal.aborted) return;
          apply(events);
          // The early stream resumes after the snapshot's last event: the flow must be there too.
          followStream(flow.lastEventId === lastEventId ? (stream ?? undefined) : undefined);
        },
        // The stream replays from the start what the snapshot could not give.
        () => followStream(),
      );
    }
    return () => {
      close();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [runId, follow]);

  return { flow: flowRef.current, version, stream: stream.state, streamDetail: stream.detail };
}
