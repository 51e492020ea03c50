import {
  SEARCH_CONTEXT_MAX,
  SEARCH_LINE_MAX_CHARS,
  SEARCH_MAX_FILES,
  SEARCH_MAX_LINES,
  SEARCH_MAX_MATCHES_PER_FILE,
  SEARCH_TIMEOUT_MS,
} from "@guilds/protocol/limits";
import type { ToolDescription } from "../tool.ts";

export const codeSearchDescription: ToolDescription = {
  text: `Find text in the code with ripgrep: every text file, whatever its language, respecting .gitignore. Find the files first, then the lines.

mode "files" (the default) lists matching paths with their match counts, highest first, at most ${SEARCH_MAX_FILES}, then the totals. mode "content" shows path:line: text for matches and path-line- text for context lines (groups split by --), at most ${SEARCH_MAX_LINES} lines and ${SEARCH_MAX_MATCHES_PER_FILE} matches per file, then the totals. Paths are relative to the working directory, so they can be passed to file_read. Matched lines over ${SEARCH_LINE_MAX_CHARS} characters are clipped. A search waits up to ${SEARCH_TIMEOUT_MS / 1000} seconds.`,
  args: {
    pattern: "A regular expression (ripgrep syntax), or a literal string with fixed: true.",
    path: "A file or directory to search, inside the home; default the working directory.",
    glob: "Only files whose path matches this glob, such as *.ts or src/**/*.py.",
    mode: '"files" (default): matching paths with their counts; "content": the matching lines.',
    fixed: "true searches for pattern as a literal string; default false.",
    ignore_case: "true matches regardless of case; default false.",
    context: `Lines shown around each match in content mode: default 0, 0 to ${SEARCH_CONTEXT_MAX}.`,
    limit: `Lowers the maximum: files in files mode (at most ${SEARCH_MAX_FILES}), lines in content mode (at most ${SEARCH_MAX_LINES}).`,
  },
};
