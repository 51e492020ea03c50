import type { HarnessName } from "@guilds/protocol/harness";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { FlowCall, FlowStep, RunFlow } from "../../../../runFlow/runFlow.ts";
import { stepUsage } from "../../../../runFlow/stepUsage.ts";
import { usageAndCostText } from "../../../../runFlow/usageText.ts";
import { CodeTaskBlock } from "./CodeTaskBlock.tsx";
import { CallSnapshots } from "./callSnapshots.ts";
import { FlowStepView } from "./FlowStepView.tsx";
import { type FlowItem, flowItems, itemIndexOfCall, stepFinishNote, stepSummary } from "./flowItems.ts";
import { OperatorMessage } from "./OperatorMessage.tsx";
import { ShortcutsDialog } from "./ShortcutsDialog.tsx";
import { preloadStepMarkdown } from "./StepMarkdown.tsx";
import { stepHarness } from "./stepHarness.ts";
import { ToolCallRow } from "./ToolCallRow.tsx";
import { useFlowKeyboard } from "./useFlowKeyboard.ts";
import "./flow.css";

/**
 * A call row's height: fixed (one line, flow.css: 32px and a 1px margin above and below), so rows,
 * most of a long flow, are placed without being measured (no ResizeObserver, no layout read each).
 */
const ROW_HEIGHT_PX = 34;

/** First guesses of the other items' heights; each is measured once it renders. */
const ESTIMATED_HEIGHT: Record<FlowItem["kind"], number> = {
  operator: 64,
  step: 76,
  row: ROW_HEIGHT_PX,
  block: 128,
};

/** Space above the first item and below the last. */
const PADDING_START_PX = 16;
const PADDING_END_PX = 24;

/** How close to the bottom (px) still counts as reading the latest: new items then scroll into view. */
const FOLLOW_THRESHOLD_PX = 48;

export interface FlowViewProps {
  flow: RunFlow;
  /** The flow's version: the flow changes in place, this says when it did. */
  version: number;
  agentHarness: HarnessName | null;
  selectedCallId: string | null;
  onOpenCall: (callId: string) => void;
  /** Shown while the flow has no entries. */
  emptyText: string;
}

/**
 * The run's flow on the Chat tab: operator messages, steps, their calls. Virtualised: only the
 * items on screen are in the DOM, so a run of thousands of calls scrolls as fast as a short one.
 * It follows the tail while the reader is at the bottom, and stays put when they scrolled up. The
 * keyboard moves between its calls (useFlowKeyboard); ? lists the keys.
 */
export const FlowView = memo(function FlowView(props: FlowViewProps) {
  const { flow, version, emptyText } = props;
  const [folded, setFolded] = useState<ReadonlySet<number>>(() => new Set());
  useEffect(preloadStepMarkdown, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the flow changes in place; version says when.
  const items = useMemo(() => flowItems(flow, folded), [flow, version, folded]);
  const [shortcutsShown, setShortcutsShown] = useState(false);
  const showShortcuts = useCallback(() => setShortcutsShown(true), []);
  const hideShortcuts = useCallback(() => setShortcutsShown(false), []);
  const onToggle = useCallback((stepNumber: number) => {
    setFolded((current) => {
      const next = new Set(current);
      if (!next.delete(stepNumber)) next.add(stepNumber);
      return next;
    });
  }, []);

  return (
    <div className="flow">
      {items.length === 0 ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard.
        <section className="flow-scroller" aria-label="Run flow" tabIndex={0}>
          <p className="flow-empty">{emptyText}</p>
        </section>
      ) : (
        <FlowList {...props} items={items} onToggle={onToggle} onShowShortcuts={showShortcuts} />
      )}
      <ShortcutsDialog open={shortcutsShown} onClose={hideShortcuts} />
    </div>
  );
});

interface FlowListProps extends FlowViewProps {
  items: readonly FlowItem[];
  onToggle: (stepNumber: number) => void;
  onShowShortcuts: () => void;
}

/**
 * The flow's items, virtualised. Mounted once there are items, with its offset at their end: a run
 * opened with thousands of calls renders its tail once, not its top first and then its tail.
 */
function FlowList(props: FlowListProps) {
  const { flow, items, agentHarness, selectedCallId, onOpenCall, onToggle, onShowShortcuts } = props;
  const snapshotsRef = useRef({ runId: flow.runId, snapshots: new CallSnapshots() });
  if (snapshotsRef.current.runId !== flow.runId) {
    snapshotsRef.current = { runId: flow.runId, snapshots: new CallSnapshots() };
  }
  const snapshots = snapshotsRef.current.snapshots;

  const scrollRef = useRef<HTMLElement>(null);
  const estimateSize = useCallback((index: number) => ESTIMATED_HEIGHT[items[index]?.kind ?? "row"], [items]);
  const getItemKey = useCallback((index: number) => items[index]?.key ?? index, [items]);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: 10,
    paddingStart: PADDING_START_PX,
    paddingEnd: PADDING_END_PX,
    anchorTo: "end",
    followOnAppend: true,
    scrollEndThreshold: FOLLOW_THRESHOLD_PX,
    // The first render, before the scroller is measured, is of the tail as a window would show it.
    initialOffset: () => estimatedEnd(items),
    initialRect: { width: 0, height: window.innerHeight },
    // A scroll re-renders in React's own batch, not synchronously inside each scroll event: the
    // rows that come into view are drawn once per frame, not once per event.
    useFlushSync: false,
  });
  useFlowKeyboard({ items, virtualizer, scrollRef, selectedCallId, onShowShortcuts });

  // A reload with ?call= brings the open call into view once, instead of the tail.
  const revealTarget = useRef(selectedCallId);
  useEffect(() => {
    const target = revealTarget.current;
    if (target === null) return;
    const index = itemIndexOfCall(items, target);
    if (index < 0) return;
    revealTarget.current = null;
    virtualizer.scrollToIndex(index, { align: "center" });
  }, [items, virtualizer]);

  const renderItem = (item: FlowItem): ReactNode => {
    switch (item.kind) {
      case "operator":
        return <OperatorMessage text={item.message.text} at={item.message.at} />;
      case "step": {
        const { harness, running } = stepHarness(item.step, flow.calls, agentHarness);
        return (
          <FlowStepView
            number={item.step.number}
            text={item.step.text}
            summary={stepSummary(item.step, flow.calls)}
            folded={item.folded}
            generating={item.step.finishReason === null && flow.status === "running"}
            finishNote={stepFinishNote(item.step.finishReason)}
            harness={harness}
            taskRunning={running}
            usage={stepUsageText(item.step, flow.calls)}
            startedAt={item.step.startedAt}
            onToggle={onToggle}
          />
        );
      }
      case "row":
      case "block": {
        const live = flow.calls.get(item.callId);
        if (live === undefined) return null;
        const call = snapshots.of(live);
        const selected = call.id === selectedCallId;
        return item.kind === "row" ? (
          <ToolCallRow call={call} selected={selected} onOpen={onOpenCall} />
        ) : (
          <CodeTaskBlock call={call} agentHarness={agentHarness} selected={selected} onOpen={onOpenCall} />
        );
      }
    }
  };

  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard. */}
      <section ref={scrollRef} className="flow-scroller" aria-label="Run flow" tabIndex={0}>
        <div className="flow-canvas" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((virtualItem) => {
            const item = items[virtualItem.index];
            if (item === undefined) return null;
            const fixed = item.kind === "row";
            return (
              <div
                key={virtualItem.key}
                data-index={virtualItem.index}
                ref={fixed ? undefined : virtualizer.measureElement}
                className="flow-slot"
                style={{
                  transform: `translateY(${virtualItem.start}px)`,
                  height: fixed ? ROW_HEIGHT_PX : undefined,
                }}
              >
                <div className={laneClass(item)}>{renderItem(item)}</div>
              </div>
            );
          })}
        </div>
      </section>
      {!virtualizer.isAtEnd() && (
        <button type="button" className="flow-jump" onClick={() => virtualizer.scrollToEnd()}>
          <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
            <path
              d="M6 2v8M2.5 6.5 6 10l3.5-3.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinecap="round"
            />
          </svg>
          Jump to latest
        </button>
      )}
    </>
  );
}

/** The flow's height by the items' first guesses: the offset of its end before anything is measured. */
function estimatedEnd(items: readonly FlowItem[]): number {
  let height = PADDING_START_PX + PADDING_END_PX;
  for (const item of items) height += ESTIMATED_HEIGHT[item.kind];
  return height;
}

/** The item's lane: where the rail of its turn runs (none beside operator messages). */
function laneClass(item: FlowItem): string {
  if (item.kind === "operator") return "flow-lane flow-lane--operator";
  const classes = ["flow-lane", `flow-lane--${item.kind}`];
  if (item.rail.above) classes.push("flow-lane--rail-above");
  if (item.rail.below) classes.push("flow-lane--rail-below");
  return classes.join(" ");
}

function stepUsageText(step: FlowStep, calls: ReadonlyMap<string, FlowCall>): string | null {
  const { usage, costUsd } = stepUsage(step, calls);
  return usageAndCostText(usage, costUsd);
}
