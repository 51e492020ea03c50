import { lazy, memo, Suspense } from "react";
import { plainParagraphs } from "./plainText.ts";

/**
 * react-markdown and its parsers are a chunk of their own (about a quarter of the app's script):
 * pages without a run never fetch them, and a run's page starts without waiting for them.
 */
function loadFlowMarkdown() {
  return import("./FlowMarkdown.tsx");
}
const FlowMarkdown = lazy(async () => ({ default: (await loadFlowMarkdown()).FlowMarkdown }));

/** How long the Markdown chunk may wait for an idle moment before it is fetched anyway. */
const PRELOAD_IDLE_TIMEOUT_MS = 2000;

/**
 * Starts fetching the Markdown chunk once the page is idle: in by the time a step's text needs it
 * (plain texts never do), without its parsing competing with a long run's first render.
 */
export function preloadStepMarkdown(): void {
  if (typeof globalThis.requestIdleCallback === "function") {
    globalThis.requestIdleCallback(() => void loadFlowMarkdown(), { timeout: PRELOAD_IDLE_TIMEOUT_MS });
  } else {
    void loadFlowMarkdown();
  }
}

/**
 * The agent's text of a step, as Markdown; as written (line breaks kept) in the moment before the
 * Markdown chunk is in. A text with no Markdown in it is rendered as its paragraphs straight away.
 */
export const StepMarkdown = memo(function StepMarkdown({ text }: { text: string }) {
  const plain = plainParagraphs(text);
  if (plain !== null) {
    return (
      <div className="flow-markdown">
        {plain.map((paragraph, index) => (
          // The paragraphs of one fixed text, never reordered: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    );
  }
  return (
    <div className="flow-markdown">
      <Suspense fallback={<p className="flow-markdown-plain">{text}</p>}>
        <FlowMarkdown text={text} />
      </Suspense>
    </div>
  );
});
