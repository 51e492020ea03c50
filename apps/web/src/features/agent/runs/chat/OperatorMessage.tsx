import { memo } from "react";
import { clockTime } from "./clockTime.ts";

/** The operator's message: a bubble on the right, its text as typed (plain text, newlines kept). */
export const OperatorMessage = memo(function OperatorMessage({ text, at }: { text: string; at: string }) {
  const time = clockTime(at, false);
  return (
    <div className="flow-operator">
      <div className="flow-operator-bubble">{text}</div>
      {time !== null && (
        <time className="flow-operator-time" dateTime={at}>
          You · {time}
        </time>
      )}
    </div>
  );
});
