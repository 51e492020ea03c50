import { useState } from "react";
import { JsonTree } from "./JsonTree.tsx";
import { ModeToggle } from "./ModeToggle.tsx";
import { RawText } from "./RawText.tsx";
import "./detail.css";

type ArgumentsMode = "tree" | "json";

const MODES: readonly (readonly [ArgumentsMode, string])[] = [
  ["tree", "Tree"],
  ["json", "JSON"],
];

/**
 * The call's arguments, shown once: a tree to read, or the JSON text as the model wrote it
 * (pretty-printed), one at a time. Arguments that are no object (a text the model wrote) have no tree.
 */
export function ArgumentsView({ args }: { args: unknown }) {
  const [mode, setMode] = useState<ArgumentsMode>("tree");
  const text = argumentsText(args);
  if (typeof args !== "object" || args === null) {
    return (
      <div className="detail-arguments">
        <p className="detail-note">No arguments object: the JSON text below is all there is.</p>
        <RawText text={text} />
      </div>
    );
  }
  return (
    <div className="detail-arguments">
      <ModeToggle label="Arguments format" modes={MODES} selected={mode} onSelect={setMode} />
      {mode === "tree" ? <JsonTree data={args} label="Arguments" /> : <RawText text={text} />}
    </div>
  );
}

/** Pretty-printed JSON; arguments not yet known (undefined) read as null. */
export function argumentsText(args: unknown): string {
  return JSON.stringify(args ?? null, null, 2);
}
