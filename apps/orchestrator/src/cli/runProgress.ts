import type { RunEventPayload } from "@guilds/protocol/runEvents";
import { LINE_TEXT_MAX } from "./runEventLine.ts";
import { terminalText } from "./terminalText.ts";

const SPINNER = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const TICK_MS = 100;
const CLEAR_LINE = "\r\x1b[2K";

/**
 * The live display on a TTY: the agent's words as they come, each tool call as one line that shows
 * a spinner and its running time until it finishes, then its status and duration.
 */
export function createRunProgress(output: NodeJS.WriteStream) {
  let running: { label: string; startedAt: number } | undefined;
  let frame = 0;
  // A pseudo-terminal may report 0 columns: then assume a common width.
  const width = () => Math.max(20, (output.columns || 100) - 1);
  /** The text cut to the line, less `reserved` columns for what goes before it. */
  const fit = (text: string, reserved = 0) => {
    const room = width() - reserved;
    return text.length <= room ? text : `${text.slice(0, room - 1)}…`;
  };
  const drawRunning = () => {
    if (running === undefined) return;
    const seconds = ((Date.now() - running.startedAt) / 1000).toFixed(1);
    // The running time stays in view: the label is what gets cut.
    output.write(`${CLEAR_LINE}${SPINNER[frame % SPINNER.length]} ${fit(running.label, 12)}  ${seconds}s`);
    frame += 1;
  };
  const timer = setInterval(drawRunning, TICK_MS);
  const print = (line: string) => {
    output.write(`${CLEAR_LINE}${line}\n`);
    drawRunning();
  };

  return {
    show(event: RunEventPayload): void {
      switch (event.type) {
        case "message.created":
          if (event.role === "assistant" && event.text) print(`\x1b[1m${terminalText(event.text)}\x1b[0m`);
          if (event.role === "operator" && event.text) print(`\x1b[2m> ${terminalText(event.text)}\x1b[0m`);
          return;
        case "tool.started":
          running = {
            label: `${terminalText(event.name)} ${firstLine(JSON.stringify(event.arguments) ?? "")}`,
            startedAt: Date.now(),
          };
          drawRunning();
          return;
        case "tool.finished": {
          const seconds = running ? ((Date.now() - running.startedAt) / 1000).toFixed(1) : "?";
          const mark = event.status === "completed" ? "\x1b[32m✓\x1b[0m" : "\x1b[31m✗\x1b[0m";
          const label = running?.label ?? terminalText(event.name);
          running = undefined;
          print(`${mark} ${fit(`${label}  ${event.status} ${seconds}s  ${firstLine(event.result)}`, 2)}`);
          return;
        }
        case "tool.progress":
          for (const line of event.lines) print(`  \x1b[2m${fit(terminalText(line), 2)}\x1b[0m`);
          return;
        default:
          return;
      }
    },
    stop(): void {
      clearInterval(timer);
      if (running !== undefined) output.write(CLEAR_LINE);
    },
  };
}

function firstLine(text: string): string {
  const line = terminalText(text).split("\n", 1)[0] ?? "";
  return line.length <= LINE_TEXT_MAX ? line : `${line.slice(0, LINE_TEXT_MAX)}…`;
}
