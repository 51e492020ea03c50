/**
 * Terminal output as a reader sees it: escape sequences removed, and a line redrawn with carriage
 * returns (a progress bar) reduced to its last state.
 */

/**
 * CSI (ESC [ ... final, or its 8-bit form), one cut off at the end of the text, OSC/DCS/SOS/PM/APC
 * strings up to BEL or ST (or the end of their line when unterminated), the other two-byte ESC
 * sequences, and a lone ESC.
 */
const ESCAPE_SEQUENCE =
  /\x1b\[[0-?]*[ -/]*[@-~]|\u009b[0-?]*[ -/]*[@-~]|\x1b\[[0-?]*[ -/]*$|\x1b[\]PX^_][^\x07\x1b\n]*(?:\x07|\x1b\\)?|\x1b[ -/]*[0-~]|\x1b/g;

export function stripEscapes(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, "");
}

/** "a\rb\rc" reads "c"; carriage returns ending a line ("\r\n") are only its line end. */
function lastRedraw(line: string): string {
  let end = line.length;
  while (end > 0 && line.charCodeAt(end - 1) === 13) end -= 1;
  const visible = line.slice(0, end);
  return visible.slice(visible.lastIndexOf("\r") + 1);
}

export function collapseRedraws(text: string): string {
  if (!text.includes("\r")) return text;
  return text.split("\n").map(lastRedraw).join("\n");
}

/** Both cleanings; escapes first, since a redraw often reads ESC[2K\r. */
export function cleanTerminalText(text: string): string {
  return collapseRedraws(stripEscapes(text));
}
