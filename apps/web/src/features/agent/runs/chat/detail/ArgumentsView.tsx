import { JsonTree } from "./JsonTree.tsx";
import { RawText } from "./RawText.tsx";
import "./detail.css";

/** The call's arguments: a tree to read, and the JSON text as the model wrote it (pretty-printed). */
export function ArgumentsView({ args }: { args: unknown }) {
  const text = argumentsText(args);
  return (
    <div className="detail-arguments">
      {typeof args === "object" && args !== null ? (
        <JsonTree data={args} label="Arguments" />
      ) : (
        <p className="detail-note">No arguments object: the JSON text below is all there is.</p>
      )}
      <h3 className="detail-subheading">JSON</h3>
      <RawText text={text} />
    </div>
  );
}

/** Pretty-printed JSON; arguments not yet known (undefined) read as null. */
export function argumentsText(args: unknown): string {
  return JSON.stringify(args ?? null, null, 2);
}
