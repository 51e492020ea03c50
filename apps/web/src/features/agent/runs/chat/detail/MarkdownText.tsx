import { memo } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import "./detail.css";

/** Links leave the app in a new tab: the run view, and its live stream, stay open. */
const COMPONENTS: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noreferrer" />,
};
const PLUGINS = [remarkGfm];

/**
 * Markdown (GFM) with its line breaks kept, as tool and harness text is written line by line.
 * Memoised: the open detail renders again with every event of the run, its text rarely changes.
 */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  return (
    <div className="detail-markdown">
      <Markdown remarkPlugins={PLUGINS} components={COMPONENTS}>
        {text}
      </Markdown>
    </div>
  );
});
