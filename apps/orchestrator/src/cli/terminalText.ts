/**
 * What a terminal would act on rather than show, in the order it is matched: a string sequence
 * (OSC, DCS, SOS, PM, APC: ESC ] P X ^ _ or their C1 forms) up to its BEL or ST, or to the end of
 * the text when it has none; a CSI (ESC [ or C1 CSI) with its parameters and final byte; any other
 * escape sequence; then every C0 control but tab and newline, DEL and every C1 control.
 */
const CONTROL_SEQUENCE = new RegExp(
  [
    "(?:\\u001b[\\]PX^_]|[\\u0090\\u0098\\u009d\\u009e\\u009f])[\\s\\S]*?(?:\\u0007|\\u001b\\\\|\\u009c|$)",
    "(?:\\u001b\\[|\\u009b)[\\u0030-\\u003f]*[\\u0020-\\u002f]*[\\u0040-\\u007e]",
    "\\u001b[\\u0020-\\u002f]*[\\u0030-\\u007e]",
    "[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f]",
  ].join("|"),
  "g",
);

/**
 * Text from the run (the model's words, tool output, arguments) as safe to print on the operator's
 * terminal: every control sequence removed, the visible text kept. Model text and command output
 * are untrusted: an OSC retitles the terminal or writes its clipboard, a CSI moves the cursor over
 * what was printed.
 */
export function terminalText(text: string): string {
  return text.replace(CONTROL_SEQUENCE, "");
}
