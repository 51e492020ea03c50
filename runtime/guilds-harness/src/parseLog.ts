import type { EventParser, ParsedLine } from "./drivers/driver.ts";
import { forEachLogLine, type LogLine } from "./logLines.ts";

export interface LogCounts {
  /** Lines the driver read as its CLI's events. */
  events: number;
  /** Lines that were not: not JSON, not the driver's events, or too long to hold. */
  unparsed: number;
  /** The bytes read: the log's size when the pass started. */
  size: number;
}

/**
 * One pass over a whole log through a fresh parser, in constant memory. `visit` sees each line with
 * what the parser made of it (null for a blank line, which is neither event nor unparsed).
 */
export function parseLog(
  file: string,
  parser: EventParser,
  visit: (line: LogLine, parsed: ParsedLine | null) => void = () => {},
): LogCounts {
  let events = 0;
  let unparsed = 0;
  const size = forEachLogLine(file, (line) => {
    const text = line.bytes === null ? null : line.bytes.toString("utf8");
    if (text !== null && text.trim() === "") return visit(line, null);
    const parsed = text === null ? { parsed: false, progress: [] } : parser.feed(text);
    if (parsed.parsed) events += 1;
    else unparsed += 1;
    visit(line, parsed);
  });
  return { events, unparsed, size };
}
