import "./detail.css";

/** Text exactly as given, unwrapped, in a box that scrolls (and, focused, scrolls by keyboard). */
export function RawText({ text }: { text: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to scroll by keyboard.
    <pre className="detail-raw" tabIndex={0}>
      {text}
    </pre>
  );
}
