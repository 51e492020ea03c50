import type { CodeSearchArgs } from "@guilds/protocol/toolArgs";
import { parseCountLine } from "./fileCounts.ts";
import { LineSplitter } from "./lineSplitter.ts";
import { type RipgrepOptions, runRipgrep } from "./ripgrep/ripgrep.ts";
import { recountArgs } from "./ripgrep/ripgrepArgs.ts";

/** Paths per rg call stay far below the kernel's limit on a command line's size (ARG_MAX). */
const RECOUNT_ARGV_BYTES = 128 * 1024;
const COUNT_LINE_MAX_BYTES = 64 * 1024;

export interface StoppedFile {
  path: string;
  /** Matches counted before rg stopped reading the file. */
  matches: number;
}

/**
 * Content mode reads at most 10 matching lines per file, which is all it shows; the totals still
 * count every match. Only files that reached that cap are counted again, so a search whose files
 * match a few times each costs one pass, and one that matches everywhere costs what its matches do.
 */
export async function recountStoppedFiles(
  args: CodeSearchArgs,
  stopped: StoppedFile[],
  search: Omit<RipgrepOptions, "args" | "onOutput">,
): Promise<{ extraMatches: number; timedOut: boolean; cancelled: boolean }> {
  const seen = new Map(stopped.map((file) => [file.path, file.matches]));
  let extraMatches = 0;
  const sink = {
    line(bytes: Buffer) {
      const count = parseCountLine(bytes);
      const before = count ? seen.get(count.path) : undefined;
      if (count && before !== undefined) extraMatches += Math.max(count.matches - before, 0);
    },
    longLineStart() {},
    longLineMore() {},
    longLineEnd() {},
  };
  for (const batch of batches(stopped.map((file) => file.path))) {
    const splitter = new LineSplitter(COUNT_LINE_MAX_BYTES, sink);
    const run = await runRipgrep({
      ...search,
      args: recountArgs(args, batch),
      onOutput: (chunk) => splitter.push(chunk),
    });
    splitter.end();
    if (run.timedOut || run.cancelled)
      return { extraMatches, timedOut: run.timedOut, cancelled: run.cancelled };
  }
  return { extraMatches, timedOut: false, cancelled: false };
}

function* batches(paths: string[]): Generator<string[]> {
  let batch: string[] = [];
  let bytes = 0;
  for (const path of paths) {
    const size = Buffer.byteLength(path) + 1;
    if (batch.length > 0 && bytes + size > RECOUNT_ARGV_BYTES) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(path);
    bytes += size;
  }
  if (batch.length > 0) yield batch;
}
