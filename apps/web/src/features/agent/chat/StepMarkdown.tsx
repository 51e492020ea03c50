import { memo } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

const REMARK_PLUGINS = [remarkGfm];

/** Links in the agent's text leave the app in a new tab, without the run page's URL as referrer. */
const COMPONENTS: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noreferrer noopener" />,
};

/** The agent's text of a step, as Markdown (GitHub's flavour: tables, task lists, strikethrough). */
export const StepMarkdown = memo(function StepMarkdown({ text }: { text: string }) {
  return (
    <div className="flow-markdown">
      <Markdown remarkPlugins={REMARK_PLUGINS} components={COMPONENTS}>
        {text}
      </Markdown>
    </div>
  );
});
