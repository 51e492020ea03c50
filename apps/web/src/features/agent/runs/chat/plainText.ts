/**
 * Characters, and starts of lines, that can make Markdown out of text (emphasis, code, headings,
 * links, HTML, tables, strikethrough, escapes, entities, autolinks, lists, quotes, setext
 * underlines). Text without any of them reads the same as written: paragraphs of plain lines.
 */
const MARKUP_CHARACTERS = /[*_`#[\]<>|~!\\&@=+]|:\/\/|www\./i;
const MARKUP_LINE_START = /^(\s|-|\d+[.)])/;

/**
 * The paragraphs of a text that holds no Markdown, as Markdown would render them (a paragraph per
 * run of lines between blank lines, its line breaks kept); null when the text may hold some, or
 * any line has leading or trailing blanks (code blocks, hard breaks): the Markdown parser reads it.
 * The flow renders thousands of steps' texts while scrolling: most are plain sentences, and this
 * spares each the parser.
 */
export function plainParagraphs(text: string): string[] | null {
  const trimmed = text.replace(/^\n+|\n+$/g, "");
  if (trimmed === "" || MARKUP_CHARACTERS.test(trimmed)) return null;
  const paragraphs: string[] = [];
  for (const paragraph of trimmed.split(/\n{2,}/)) {
    for (const line of paragraph.split("\n")) {
      if (line === "" || MARKUP_LINE_START.test(line) || /\s$/.test(line)) return null;
    }
    paragraphs.push(paragraph);
  }
  return paragraphs;
}
