import { useLayoutEffect, useRef } from "react";
import "./detail.css";

/**
 * Progress lines, oldest first, one per row, as the harness's steps read. When `follow`, new lines
 * keep the list scrolled to the latest, unless the operator scrolled up to read.
 */
export function ProgressLines({
  lines,
  label,
  follow,
}: {
  lines: readonly string[];
  label: string;
  follow: boolean;
}) {
  const list = useRef<HTMLOListElement>(null);
  const pinned = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again whenever new lines arrive.
  useLayoutEffect(() => {
    const element = list.current;
    if (follow && pinned.current && element !== null) element.scrollTop = element.scrollHeight;
  }, [follow, lines]);
  return (
    <ol
      ref={list}
      className={follow ? "detail-progress detail-progress--live" : "detail-progress"}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must take focus to scroll by keyboard.
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
      }}
    >
      {lines.map((line, index) => (
        // Lines repeat and never reorder: the position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <li key={index} className="detail-progress-line">
          {line}
        </li>
      ))}
    </ol>
  );
}
