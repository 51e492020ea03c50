import { SEARCH_LINE_MAX_CHARS } from "@guilds/protocol/limits";
import { type RgLineEvent, type RgMessageType, rgMessageType } from "./ripgrepJson.ts";

// Each marker starts with structural JSON that an escaped string can never contain (its quotes
// would be preceded by a backslash), so finding one in the raw bytes finds the key itself.
const PATH_KEY = Buffer.from('{"path":');
const LINES_KEY = Buffer.from('},"lines":{"');
const LINE_NUMBER_KEY = Buffer.from('},"line_number":');
const SUBMATCH_KEY = Buffer.from('{"match":');
/** Enough escaped bytes for SEARCH_LINE_MAX_CHARS + 1 characters, each up to six bytes (\u001b). */
const PREFIX_BYTES = (SEARCH_LINE_MAX_CHARS + 1) * 6;
/** Kept between pieces so a key split across two of them is still found. */
const CARRY_BYTES = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** A line rendered from a JSON message too long to hold: its start, and how much of it there was. */
export interface LongLineEvent extends RgLineEvent {
  /** Characters of the line past `text`. */
  charsNotInText: number;
}

/**
 * Reads one `rg --json` match or context message that is too long to gather (a minified bundle's
 * line), streaming: it keeps the line's first characters, counts the rest, and finds the line number
 * and the matches after the text.
 */
export class LongRgLine {
  readonly type: RgMessageType;
  private phase: "text" | "tail" | "unreadable" = "unreadable";
  private base64 = false;
  private readonly captured: number[] = [];
  private safeCut = 0;
  private charsAtSafeCut = 0;
  private textBytes = 0;
  private chars = 0;
  private inEscape = false;
  private hexLeft = 0;
  private lastChars = "";
  private carry: Buffer = Buffer.alloc(0);
  private lineNumber: number | undefined;
  private submatches = 0;

  constructor(head: Buffer) {
    this.type = rgMessageType(head);
    if (this.type !== "match" && this.type !== "context") return;
    const pathAt = head.indexOf(PATH_KEY);
    const linesAt = pathAt === -1 ? -1 : head.indexOf(LINES_KEY, pathAt);
    if (linesAt === -1) return;
    const afterKey = linesAt + LINES_KEY.length;
    const quoteAt = head.indexOf(QUOTE, afterKey);
    if (quoteAt === -1 || head[quoteAt + 1] !== 0x3a || head[quoteAt + 2] !== QUOTE) return;
    this.base64 = head.subarray(afterKey, quoteAt).toString("latin1") === "bytes";
    this.phase = "text";
    this.more(head.subarray(quoteAt + 3));
  }

  more(piece: Buffer): void {
    if (this.phase === "text") {
      const closing = this.readText(piece);
      if (closing !== -1) {
        this.phase = "tail";
        this.scanTail(piece.subarray(closing + 1));
      }
    } else if (this.phase === "tail") {
      this.scanTail(piece);
    }
  }

  finish(): LongLineEvent | undefined {
    if (this.phase !== "tail" || this.lineNumber === undefined) return undefined;
    if (this.type !== "match" && this.type !== "context") return undefined;
    const escaped = Buffer.from(this.captured.slice(0, this.safeCut)).toString("utf8");
    let text: string;
    let textChars = this.charsAtSafeCut;
    if (this.base64) {
      text = Buffer.from(escaped.slice(0, escaped.length - (escaped.length % 4)), "base64").toString("utf8");
      textChars = [...text].length;
    } else {
      try {
        text = JSON.parse(`"${escaped}"`) as string;
      } catch {
        return undefined;
      }
    }
    const withoutEnding = text.replace(/\r?\n$/, "");
    textChars -= text.length - withoutEnding.length;
    text = withoutEnding;
    // Base64 hides the characters and the line ending: count a byte a character, and one ending.
    const totalChars = this.base64
      ? Math.floor((this.textBytes * 3) / 4) - 1
      : this.chars - this.lineEnding();
    return {
      kind: this.type,
      number: this.lineNumber,
      text,
      charsNotInText: Math.max(totalChars - textChars, 0),
      matches: this.type === "match" ? Math.max(this.submatches, 1) : 0,
    };
  }

  private lineEnding(): number {
    if (this.lastChars.endsWith("\r\n")) return 2;
    return this.lastChars.endsWith("\n") ? 1 : 0;
  }

  /** Counts and captures the JSON string's bytes; returns the index of its closing quote, or -1. */
  private readText(piece: Buffer): number {
    for (let index = 0; index < piece.length; index += 1) {
      const byte = piece[index] ?? 0;
      const boundary = !this.inEscape && this.hexLeft === 0 && (byte & 0xc0) !== 0x80;
      if (boundary && this.textBytes === this.captured.length) {
        this.safeCut = this.captured.length;
        this.charsAtSafeCut = this.chars;
      }
      if (boundary && byte === QUOTE) return index;
      if (this.captured.length < PREFIX_BYTES) this.captured.push(byte);
      this.textBytes += 1;
      this.countByte(byte);
    }
    return -1;
  }

  private countByte(byte: number): void {
    if (this.hexLeft > 0) {
      this.hexLeft -= 1;
      return;
    }
    if (this.inEscape) {
      this.inEscape = false;
      if (byte === 0x75) this.hexLeft = 4; // \uXXXX
      this.chars += 1;
      this.remember(byte === 0x6e ? "\n" : byte === 0x72 ? "\r" : "?");
      return;
    }
    if (byte === BACKSLASH) {
      this.inEscape = true;
      return;
    }
    if ((byte & 0xc0) !== 0x80) {
      this.chars += 1;
      this.remember("?");
    }
  }

  private remember(char: string): void {
    this.lastChars = (this.lastChars + char).slice(-2);
  }

  private scanTail(piece: Buffer): void {
    const window = Buffer.concat([this.carry, piece]);
    let from = Math.max(this.carry.length - SUBMATCH_KEY.length + 1, 0);
    for (let at = window.indexOf(SUBMATCH_KEY, from); at !== -1; at = window.indexOf(SUBMATCH_KEY, from)) {
      this.submatches += 1;
      from = at + SUBMATCH_KEY.length;
    }
    if (this.lineNumber === undefined) {
      const keyAt = window.indexOf(LINE_NUMBER_KEY);
      if (keyAt !== -1) {
        const digits = /^(\d+)[,}]/.exec(
          window.subarray(keyAt + LINE_NUMBER_KEY.length).toString("latin1", 0, 32),
        );
        if (digits?.[1]) this.lineNumber = Number(digits[1]);
      }
    }
    this.carry = Buffer.from(window.subarray(Math.max(window.length - CARRY_BYTES, 0)));
  }
}
