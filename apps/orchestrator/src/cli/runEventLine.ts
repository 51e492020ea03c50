import type { RunEventPayload } from "@guilds/protocol/runEvents";

/** Text in a line is cut to this many characters: one event, one terminal line. */
export const LINE_TEXT_MAX = 160;

/**
 * One plain line per event, for a terminal that is not a TTY (a log, a pipe, a test):
 * `tool.started shell {"command":"ls"}`, `tool.finished shell completed "a.txt…"`.
 */
export function runEventLine(event: RunEventPayload): string {
  switch (event.type) {
    case "run.started":
      return `run.started ${event.run_id} agent ${event.agent_id}`;
    case "run.ended":
      return `run.ended ${event.status}${event.reason ? ` ${quoted(event.reason)}` : ""}`;
    case "message.created": {
      const calls = event.tool_calls?.length
        ? ` tool_calls ${event.tool_calls.map((call) => call.name).join(",")}`
        : "";
      const text = event.text ? ` ${quoted(event.text)}` : "";
      return `message.created ${event.seq} ${event.role}${text}${calls}`;
    }
    case "message.queued":
      return `message.queued ${event.queued_id} ${quoted(event.text)}`;
    case "message.delivered":
      return `message.delivered ${event.queued_id} as ${event.seq}`;
    case "generation.started":
      return `generation.started ${event.generation_seq} tools ${event.tools.join(",") || "none"}`;
    case "generation.ended":
      return `generation.ended ${event.generation_seq} ${event.finish_reason} tool_calls ${event.tool_calls}`;
    case "tool.started":
      return `tool.started ${event.name} ${cut(JSON.stringify(event.arguments) ?? "")}`;
    case "tool.finished":
      return `tool.finished ${event.name} ${event.status} ${quoted(event.result)}`;
    case "tool.progress":
      return `tool.progress ${quoted(event.lines.join("\n"))}`;
  }
}

/** As a JSON string, so a newline in it stays on the line as \n. */
function quoted(text: string): string {
  return JSON.stringify(cut(text));
}

function cut(text: string): string {
  return text.length <= LINE_TEXT_MAX ? text : `${text.slice(0, LINE_TEXT_MAX)}…`;
}
