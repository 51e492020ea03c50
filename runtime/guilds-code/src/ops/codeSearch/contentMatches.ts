import { SEARCH_LINE_MAX_CHARS, SEARCH_MAX_MATCHES_PER_FILE } from "@guilds/protocol/limits";
import { clipLine } from "../../text/clipLine.ts";
import type { LineSink } from "./lineSplitter.ts";
import { LongRgLine } from "./ripgrep/longRgLine.ts";
import { parseRgBegin, parseRgEnd, parseRgLine, rgMessageType } from "./ripgrep/ripgrepJson.ts";

export interface ShownLine {
  kind: "match" | "context";
  number: number;
  /** Clipped to SEARCH_LINE_MAX_CHARS. */
  text: string;
  matches: number;
}

export interface FileLines {
  path: string;
  lines: ShownLine[];
}

/**
 * Reads `rg --json` output for content mode. rg's threads finish files in any order, so it keeps,
 * in path order, only the first files whose lines fill the line cap (never more than lineCap files
 * of at most lineCap lines each) and counts everything: the totals cover every file. Lines of a file
 * that cannot be shown are never parsed.
 */
export class ContentMatches implements LineSink {
  readonly totals = { matches: 0, files: 0 };
  /** Files rg stopped reading at the per-file cap, whose matches are counted again: path, matches seen. */
  readonly stoppedAtCap: { path: string; matches: number }[] = [];
  private kept: FileLines[] = [];
  private keptLines = 0;
  private current: FileLines | undefined;
  private long: LongRgLine | undefined;
  private longWanted = false;

  constructor(private readonly lineCap: number) {}

  line(bytes: Buffer): void {
    const type = rgMessageType(bytes);
    if (type === "begin") this.begin(parseRgBegin(bytes)?.display);
    else if (type === "end") this.end(bytes);
    else if ((type === "match" || type === "context") && this.wantsLine()) {
      const event = parseRgLine(bytes);
      if (event) this.show({ ...event, text: clipLine(event.text, SEARCH_LINE_MAX_CHARS) });
    }
  }

  longLineStart(head: Buffer): void {
    this.longWanted = this.wantsLine();
    this.long = this.longWanted ? new LongRgLine(head) : undefined;
  }

  longLineMore(piece: Buffer): void {
    this.long?.more(piece);
  }

  longLineEnd(): void {
    const event = this.long?.finish();
    this.long = undefined;
    if (event && this.longWanted) {
      this.show({ ...event, text: clipLine(event.text, SEARCH_LINE_MAX_CHARS, event.charsNotInText) });
    }
  }

  /** The files to show, in path order, holding at least the first lineCap lines. */
  files(): FileLines[] {
    return this.kept;
  }

  private wantsLine(): boolean {
    return this.current !== undefined && this.current.lines.length < this.lineCap;
  }

  private begin(path: string | undefined): void {
    this.current = undefined;
    if (path === undefined) return;
    const last = this.kept[this.kept.length - 1];
    if (this.keptLines >= this.lineCap && last && path > last.path) return;
    this.current = { path, lines: [] };
  }

  private show(line: ShownLine): void {
    this.current?.lines.push(line);
  }

  private end(bytes: Buffer): void {
    const end = parseRgEnd(bytes);
    const file = this.current;
    this.current = undefined;
    if (!end) return;
    if (end.matches > 0) {
      this.totals.files += 1;
      this.totals.matches += end.matches;
    }
    if (end.matchedLines >= SEARCH_MAX_MATCHES_PER_FILE && !end.binary && end.path.exact) {
      this.stoppedAtCap.push({ path: end.path.display, matches: end.matches });
    }
    if (file && file.lines.length > 0) this.keep(file);
  }

  private keep(file: FileLines): void {
    let index = this.kept.findIndex((other) => other.path > file.path);
    if (index === -1) index = this.kept.length;
    this.kept.splice(index, 0, file);
    let lines = 0;
    for (const [position, kept] of this.kept.entries()) {
      lines += kept.lines.length;
      if (lines >= this.lineCap) {
        this.kept.length = position + 1;
        break;
      }
    }
    this.keptLines = lines;
  }
}
