import { useEffect, useRef, useState } from "react";
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
 * The run's flow, live: every stored event replayed from the start, then live ones, through
 * reconnects (Last-Event-ID = the last applied id, so none is lost or doubled). Renders are
 * coalesced to one per animation frame, however many events arrive. `follow` false (a run the server
 * does not know) closes the stream.
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
    let frame: number | null = null;
    const render = () => {
      frame = null;
      setVersion(flow.version);
    };
    const close = followRunEvents({
      runId,
      lastEventId: flow.lastEventId,
      onEvents: (envelopes) => {
        let changed = false;
        for (const envelope of envelopes) changed = applyRunEvent(flow, envelope) || changed;
        if (changed && frame === null) frame = requestAnimationFrame(render);
      },
      onState: (state, detail) => setStream({ state, detail: detail ?? null }),
    });
    return () => {
      close();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [runId, follow]);

  return { flow: flowRef.current, version, stream: stream.state, streamDetail: stream.detail };
}
