import { lazy, Suspense } from "react";
import { Button } from "../../../ui/Button.tsx";
import { Loading } from "../../../ui/Loading.tsx";
import type { ToolCallDetailProps } from "./chat/ToolCallDetail.tsx";

/**
 * The detail and its views (Markdown, Diff, the JSON tree) are a chunk of their own, fetched when a
 * call first opens: a run's page, most often read without one open, starts without them.
 */
const ToolCallDetail = lazy(async () => ({
  default: (await import("./chat/ToolCallDetail.tsx")).ToolCallDetail,
}));

export interface OpenCallPanelProps extends Omit<ToolCallDetailProps, "call"> {
  /** The call the URL names (?call=); null while the flow does not hold it. */
  call: ToolCallDetailProps["call"] | null;
  /** The flow is live and replayed: a call it does not hold now is not coming. */
  live: boolean;
}

/** The panel beside the flow: the open call's detail, once its chunk is in. */
export function OpenCallPanel(props: OpenCallPanelProps) {
  const { call, live, ...detail } = props;
  if (call === null) return <MissingCall live={live} onClose={detail.onClose} />;
  return (
    <Suspense
      fallback={
        <section className="run-detail-frame" aria-label="Tool call details" aria-busy="true">
          <Loading />
        </section>
      }
    >
      <ToolCallDetail call={call} {...detail} />
    </Suspense>
  );
}

/** The URL names a call the flow does not hold: not replayed yet, or not of this run. */
function MissingCall({ live, onClose }: { live: boolean; onClose: () => void }) {
  return (
    <div className="run-detail-frame">
      <p>{live ? "This run has no such tool call." : "Loading the tool call…"}</p>
      <Button onClick={onClose}>Close</Button>
    </div>
  );
}
