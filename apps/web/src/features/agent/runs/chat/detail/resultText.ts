/*
 * How a result's text is shown: the pieces the Result view renders. Pure, so every case is tested.
 */

/** "the remaining_tool_calls trailer" the platform pipeline ends every result with (Runs). */
const TRAILER = /\n\nremaining_tool_calls: \d+$/;

/** The tools whose output is terminal text (commands, numbered lines, search hits), not Markdown. */
const TERMINAL_TEXT_TOOLS: ReadonlySet<string> = new Set([
  "shell",
  "shell_status",
  "file_read",
  "code_search",
]);

export interface ResultParts {
  /** The result as the tool returned it. */
  body: string;
  /** "remaining_tool_calls: N", shown apart; null when the result has none. */
  trailer: string | null;
}

/** The result split from its trailer, which would otherwise end a JSON result or a Markdown paragraph. */
export function splitTrailer(result: string): ResultParts {
  const match = TRAILER.exec(result);
  if (match === null) return { body: result, trailer: null };
  return { body: result.slice(0, match.index), trailer: match[0].trim() };
}

/** A JSON object or array, for a tree; null for anything else (a JSON string or number reads fine as text). */
export function parseJsonContainer(text: string): object | null {
  const trimmed = text.trim();
  if (!(trimmed.startsWith("{") || trimmed.startsWith("["))) return null;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === "object" && value !== null ? value : null;
  } catch {
    return null;
  }
}

/**
 * The Markdown the Markdown mode renders. Terminal output is mostly plain text whose `*`, `_`, `#`
 * and `|` Markdown would eat (`__init__.py` turns bold): it is fenced, so it shows verbatim, wrapped.
 */
export function resultMarkdown(toolName: string, text: string): string {
  return TERMINAL_TEXT_TOOLS.has(toolName) ? fenced(text) : text;
}

/** A code fence longer than any run of backticks inside the text, so the text cannot close it. */
export function fenced(text: string): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}text\n${text}\n${fence}`;
}

export interface TaskResultParts {
  /** The status line, the diffstat, the changed files and the detail: plain lines, paths and all. */
  head: string;
  /** The harness's final message: Markdown. */
  message: string;
}

/**
 * A code_task result (without its log line): "<status> · <harness> · …", the diffstat, the files
 * and the detail, then a blank line and the final message (Code tasks, Result).
 */
export function splitTaskResult(text: string): TaskResultParts {
  const blank = text.indexOf("\n\n");
  if (blank === -1) return { head: text, message: "" };
  return { head: text.slice(0, blank), message: text.slice(blank + 2).trim() };
}
