import type { Virtualizer } from "@tanstack/react-virtual";
import { type RefObject, useEffect, useRef } from "react";
import type { FlowItem } from "./flowItems.ts";

/** The flow's keys, as the shortcuts dialog lists them. */
export const FLOW_SHORTCUTS: readonly (readonly [key: string, what: string])[] = [
  ["j", "Next tool call"],
  ["k", "Previous tool call"],
  ["Enter", "Open the focused call"],
  ["Escape", "Close the open call, or this list"],
  ["?", "Show these shortcuts"],
];

/** Frames to wait for a row scrolled to to be in the DOM before giving up on focusing it. */
const FOCUS_FRAMES = 10;

export interface FlowKeyboardOptions {
  items: readonly FlowItem[];
  virtualizer: Virtualizer<HTMLElement, Element>;
  scrollRef: RefObject<HTMLElement | null>;
  selectedCallId: string | null;
  onShowShortcuts: () => void;
}

/**
 * j and k move the focus to the next and previous call (a row or a code task block), scrolling the
 * virtualised list to it first; Enter opens it (the row is a button); ? shows the shortcuts. When
 * the open call closes (Escape, Close), the focus goes back to its row.
 * Keys typed in a field, with a modifier, or inside a dialog are left alone.
 */
export function useFlowKeyboard(options: FlowKeyboardOptions): void {
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isEditable(event.target) || insideDialog(event.target)) return;
      const { items, virtualizer, scrollRef, selectedCallId, onShowShortcuts } = latest.current;
      if (event.key === "?") {
        event.preventDefault();
        onShowShortcuts();
        return;
      }
      if (event.key !== "j" && event.key !== "k") return;
      const scroller = scrollRef.current;
      if (scroller === null) return;
      const target = neighbourCall(items, virtualizer, currentCallId(scroller, selectedCallId), event.key);
      if (target === null) return;
      event.preventDefault();
      virtualizer.scrollToIndex(target.index, { align: "auto" });
      focusWhenRendered(scroller, target.callId);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  // The open call closed: its row takes the focus back, so the keys go on from there.
  const opened = useRef(options.selectedCallId);
  useEffect(() => {
    const closed = opened.current;
    opened.current = options.selectedCallId;
    const scroller = options.scrollRef.current;
    if (closed === null || options.selectedCallId !== null || scroller === null) return;
    callElement(scroller, closed)?.focus({ preventScroll: true });
  }, [options.selectedCallId, options.scrollRef]);
}

/** The call the focus is on, else the open one; null when neither. */
function currentCallId(scroller: HTMLElement, selectedCallId: string | null): string | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && scroller.contains(active)) {
    const id = active.closest("[data-call-id]")?.getAttribute("data-call-id");
    if (id !== undefined && id !== null) return id;
  }
  return selectedCallId;
}

/**
 * The call after (j) or before (k) `current`; with none, the first (j) or last (k) call on screen,
 * else the first or last of the flow.
 */
function neighbourCall(
  items: readonly FlowItem[],
  virtualizer: Virtualizer<HTMLElement, Element>,
  current: string | null,
  key: "j" | "k",
): { index: number; callId: string } | null {
  const step = key === "j" ? 1 : -1;
  let from = current === null ? -1 : items.findIndex((item) => callIdOf(item) === current);
  if (from < 0) {
    const shown = virtualizer.getVirtualItems().filter((virtual) => {
      const top = virtual.start - (virtualizer.scrollOffset ?? 0);
      return top >= 0 && top + virtual.size <= (virtualizer.scrollRect?.height ?? 0);
    });
    const edge = key === "j" ? shown[0] : shown.at(-1);
    // Start just outside what is shown, so the first step lands on its first (or last) call.
    from = edge === undefined ? (key === "j" ? -1 : items.length) : edge.index - step;
  }
  for (let index = from + step; index >= 0 && index < items.length; index += step) {
    const callId = callIdOf(items[index]);
    if (callId !== null) return { index, callId };
  }
  return null;
}

function callIdOf(item: FlowItem | undefined): string | null {
  return item !== undefined && (item.kind === "row" || item.kind === "block") ? item.callId : null;
}

/** Focuses the call's row once the list has rendered it (a frame or a few after scrolling to it). */
function focusWhenRendered(scroller: HTMLElement, callId: string, frames = FOCUS_FRAMES): void {
  const element = callElement(scroller, callId);
  if (element !== null) {
    element.focus({ preventScroll: true });
    return;
  }
  if (frames > 0) requestAnimationFrame(() => focusWhenRendered(scroller, callId, frames - 1));
}

function callElement(scroller: HTMLElement, callId: string): HTMLElement | null {
  return scroller.querySelector<HTMLElement>(`[data-call-id="${CSS.escape(callId)}"]`);
}

/** Keys typed in a field belong to the field (j and k are letters of a message). */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

function insideDialog(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest("dialog") !== null;
}
