import { SEARCH_MAX_FILES, SEARCH_MAX_LINES, SEARCH_TIMEOUT_MS } from "@guilds/protocol/limits";
import type { CodeSearchArgs } from "@guilds/protocol/toolArgs";
import { checkCodeSearchArgs } from "@guilds/protocol/toolArgsCheck";
import type { CodeSearchMeta } from "@guilds/protocol/toolMeta";
import type { Op, OpResult } from "../../context.ts";
import { resolveAgentTarget, specialFileKind } from "../../paths/agentTarget.ts";
import { truncateUtf8 } from "../../text/utf8Budget.ts";
import { parseOpArgs } from "../parseOpArgs.ts";
import { ContentMatches } from "./contentMatches.ts";
import { RankedFiles } from "./fileCounts.ts";
import { type LineSink, LineSplitter } from "./lineSplitter.ts";
import { type RipgrepOptions, type RipgrepRun, runRipgrep } from "./ripgrep/ripgrep.ts";
import { contentArgs, fileCountArgs } from "./ripgrep/ripgrepArgs.ts";
import { recountStoppedFiles } from "./searchRecount.ts";
import { searchScopeOf } from "./searchScope.ts";
import { contentLines, fileListLines, fitSearchText, type SearchTotals } from "./searchText.ts";

/** rg --json lines past this are read streaming (a minified bundle's line), never gathered. */
const RG_LINE_MAX_BYTES = 1024 * 1024;

interface SearchOutcome {
  run: RipgrepRun;
  totals: SearchTotals;
  body: string[];
  trailer: string[];
}

/**
 * code_search: ripgrep over the path (default the working directory). files mode ranks the matching
 * files by their counts; content mode shows lines in path order. Both count every match for their
 * totals, and show paths relative to the working directory.
 */
export const codeSearch: Op = async (rawArgs, context) => {
  const parsed = parseOpArgs("code_search", checkCodeSearchArgs, rawArgs);
  if (!parsed.ok) return parsed.result;
  const args = parsed.args;
  const maxBytes = context.request.max_bytes;

  const target = resolveAgentTarget(args.path, context);
  if (!target.ok) return { text: truncateUtf8(target.text, maxBytes), meta: {} };
  if (!target.stats.isFile() && !target.stats.isDirectory()) {
    const text = `${target.display} is ${specialFileKind(target.stats)}; code_search searches files and directories`;
    return { text: truncateUtf8(text, maxBytes), meta: {} };
  }
  const scope = searchScopeOf(target, target.cwd, context.home);
  const rg: Omit<RipgrepOptions, "args" | "onOutput"> = {
    cwd: scope.cwd,
    env: { PATH: context.path, HOME: context.home },
    deadline: Date.now() + SEARCH_TIMEOUT_MS,
    cancelled: context.cancelled,
  };

  let outcome: SearchOutcome;
  if (args.mode === "files") {
    const ranked = new RankedFiles(Math.min(SEARCH_MAX_FILES, args.limit ?? SEARCH_MAX_FILES));
    const run = await runInto(ranked, { ...rg, args: fileCountArgs(args, scope) });
    outcome = {
      run,
      totals: ranked.totals,
      ...fileListLines(ranked.ranked(), ranked.totals, scope.displayOf),
    };
  } else {
    const lineCap = Math.min(SEARCH_MAX_LINES, args.limit ?? SEARCH_MAX_LINES);
    const matches = new ContentMatches(lineCap);
    let run = await runInto(matches, { ...rg, args: contentArgs(args, scope) });
    let totals: SearchTotals = matches.totals;
    if (!run.timedOut && !run.cancelled && matches.stoppedAtCap.length > 0) {
      const recount = await recountStoppedFiles(args, matches.stoppedAtCap, rg);
      totals = { matches: totals.matches + recount.extraMatches, files: totals.files };
      run = { ...run, timedOut: recount.timedOut, cancelled: recount.cancelled };
    }
    const lines = contentLines(matches.files(), totals, lineCap, args.context, scope.displayOf);
    outcome = { run, totals, ...lines };
  }
  return searchResult(args, target.display, outcome, maxBytes);
};

async function runInto(sink: LineSink, options: Omit<RipgrepOptions, "onOutput">): Promise<RipgrepRun> {
  const splitter = new LineSplitter(RG_LINE_MAX_BYTES, sink);
  const run = await runRipgrep({ ...options, onOutput: (chunk) => splitter.push(chunk) });
  splitter.end();
  return run;
}

function searchResult(
  args: CodeSearchArgs,
  display: string,
  outcome: SearchOutcome,
  maxBytes: number,
): OpResult {
  const { run, totals } = outcome;
  const meta: CodeSearchMeta = { matches: totals.matches, files: totals.files };
  const stderr = run.stderr.trim();
  if (totals.files === 0 && run.exitCode === 2 && stderr) {
    return { text: truncateUtf8(rejectedSearch(args, stderr), maxBytes), meta: { ...meta } };
  }
  const notes = [
    ...(run.timedOut ? [timedOutNote()] : []),
    ...(run.cancelled ? [SEARCH_CANCELLED_NOTE] : []),
    ...(run.exitCode === 2 && stderr ? [`[ripgrep also reported: ${firstLine(stderr)}]`] : []),
  ];
  if (totals.files === 0) {
    const text = [`no matches for '${args.pattern}' in ${display}`, ...notes].join("\n");
    return { text: truncateUtf8(text, maxBytes), meta: { ...meta } };
  }
  return { text: fitSearchText(outcome.body, [...outcome.trailer, ...notes], maxBytes), meta: { ...meta } };
}

const SEARCH_CANCELLED_NOTE =
  "[cancelled; the search was stopped. It shows and counts what it found until then]";

function timedOutNote(): string {
  return `[search stopped after ${SEARCH_TIMEOUT_MS / 1000} s; it shows and counts what it found until then. Narrow it with path or glob]`;
}

/** An invalid regex (or another refusal): rg's own words, which point at the problem. */
function rejectedSearch(args: CodeSearchArgs, stderr: string): string {
  const hint =
    !args.fixed && stderr.includes("regex parse error")
      ? "\nSet fixed: true to search for the pattern as literal text."
      : "";
  return `ripgrep rejected the search:\n${stderr}${hint}`;
}

function firstLine(text: string): string {
  const newline = text.indexOf("\n");
  return newline === -1 ? text : text.slice(0, newline);
}
