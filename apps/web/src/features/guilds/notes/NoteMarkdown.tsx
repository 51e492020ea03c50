import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

const PLUGINS = [remarkGfm];

/** Links leave the app in a new tab, without the guild page's URL as referrer. */
const COMPONENTS: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noreferrer noopener" />,
};

/** A note's Markdown (GFM). react-markdown renders no raw HTML: a note's <script> stays text. */
export function NoteMarkdown({ text }: { text: string }) {
  return (
    <div className="note-markdown">
      <Markdown remarkPlugins={PLUGINS} components={COMPONENTS}>
        {text}
      </Markdown>
    </div>
  );
}
