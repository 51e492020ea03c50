// The flow's fast path for steps' texts without Markdown: the same paragraphs the Markdown renderer
// makes of them, and no fast path for a text that may hold Markdown.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { FlowMarkdown } from "../src/features/agent/runs/chat/FlowMarkdown.tsx";
import { plainParagraphs } from "../src/features/agent/runs/chat/plainText.ts";

function asParagraphs(paragraphs: string[]): string {
  return renderToStaticMarkup(
    <>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </>,
  );
}

describe("plainParagraphs", () => {
  test.each([
    "Step 12: ten calls.",
    "Looking around, then (maybe) fixing it.",
    "First line\nsecond line of the same paragraph.\n\nA second paragraph; 100% sure?",
    "\nWrapped in newlines.\n",
    'Quotes "stay" as they are, and it\'s fine - a dash too.',
  ])("renders %j as the Markdown renderer does", (text) => {
    const paragraphs = plainParagraphs(text);
    expect(paragraphs).not.toBeNull();
    expect(asParagraphs(paragraphs ?? [])).toBe(
      renderToStaticMarkup(<FlowMarkdown text={text} />).replace(/>\n</g, "><"),
    );
  });

  test.each([
    "## Plan",
    "Run the **tests**",
    "a _word_",
    "`code`",
    "- a list",
    "1. ordered",
    "2024) ordered too",
    "> quoted",
    "see https://example.com",
    "see www.example.com",
    "mail me@example.com",
    "a | table",
    "~~struck~~",
    "an &amp; entity",
    "escaped \\*",
    "    indented code",
    "hard break  \nnext",
    "Heading\n===",
    "Heading\n---",
    "<b>html</b>",
    "[a link](x)",
    "",
  ])("leaves %j to the Markdown parser", (text) => {
    expect(plainParagraphs(text)).toBeNull();
  });
});
