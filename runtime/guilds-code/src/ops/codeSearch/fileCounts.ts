import type { LineSink } from "./lineSplitter.ts";
import { stripDotSlash } from "./ripgrep/ripgrepArgs.ts";

export interface FileCount {
  path: string;
  matches: number;
}

/** Highest count first, ties by path. */
function ranksBefore(a: FileCount, b: FileCount): boolean {
  return a.matches !== b.matches ? a.matches > b.matches : a.path < b.path;
}

/** "path\0count", as `rg --count-matches --with-filename --null` prints it. */
export function parseCountLine(line: Buffer): FileCount | undefined {
  const separator = line.lastIndexOf(0);
  if (separator <= 0) return undefined;
  const matches = Number(line.subarray(separator + 1).toString("latin1"));
  if (!Number.isSafeInteger(matches)) return undefined;
  return { path: stripDotSlash(line.subarray(0, separator).toString("utf8")), matches };
}

/**
 * The files of `rg --count-matches`, ranked, keeping only the best `kept` of them and the totals:
 * memory stays the same however many files match.
 */
export class RankedFiles implements LineSink {
  readonly totals = { matches: 0, files: 0 };
  private readonly best: FileCount[] = [];

  constructor(private readonly kept: number) {}

  line(bytes: Buffer): void {
    const count = parseCountLine(bytes);
    if (count) this.add(count);
  }

  // A count line is a path and a number: never long enough to matter.
  longLineStart(): void {}
  longLineMore(): void {}
  longLineEnd(): void {}

  add(count: FileCount): void {
    this.totals.files += 1;
    this.totals.matches += count.matches;
    const last = this.best[this.best.length - 1];
    if (this.best.length >= this.kept && last && !ranksBefore(count, last)) return;
    let low = 0;
    let high = this.best.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const other = this.best[middle];
      if (other && ranksBefore(other, count)) low = middle + 1;
      else high = middle;
    }
    this.best.splice(low, 0, count);
    if (this.best.length > this.kept) this.best.pop();
  }

  ranked(): FileCount[] {
    return this.best;
  }
}
