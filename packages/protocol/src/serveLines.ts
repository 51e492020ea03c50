/**
 * The lines of the long-lived helper (`guilds-code serve`), LF-terminated, over its stdin and stdout,
 * and, with `--socket <path> <hello>`, over connections to that unix socket, each greeted with
 * "<hello>" first and answered on itself (stdout once it closed).
 *
 * orchestrator → helper:
 *   "<id> <base64 request>"   runs the request, concurrently with the others
 *   "<id> cancel"             cancels request <id>: its foreground shell command is stopped the way
 *                             its timeout stops it (SIGTERM to its process group, SIGKILL 2 s later)
 *                             and its envelope still comes back, ending with the cancel trailer.
 *                             A cancel for an id that is not running (unknown, or already answered)
 *                             is ignored.
 * helper → orchestrator:
 *   "<id> <base64 envelope>"  the answer, the same bytes a one-shot call prints
 *
 * An id is any text without a space, unique among the requests in flight. A request is never the
 * word "cancel": base64 of a JSON object starts "ey". When its stdin closes (the orchestrator went
 * away) or it gets SIGTERM, the helper cancels every running request, answers them, and exits;
 * requests that arrive meanwhile are not run.
 * A one-shot helper (`guilds-code <base64 request>`) treats SIGTERM, SIGINT and SIGHUP as the cancel
 * of its one request.
 */

export const SERVE_CANCEL = "cancel";

export type ServeInput = { id: string; cancel: false; request: string } | { id: string; cancel: true };

/** Reads one input line; undefined when it names no id. */
export function parseServeInput(line: string): ServeInput | undefined {
  const space = line.indexOf(" ");
  if (space <= 0) return undefined;
  const id = line.slice(0, space);
  const rest = line.slice(space + 1);
  return rest === SERVE_CANCEL ? { id, cancel: true } : { id, cancel: false, request: rest };
}

export function serveCancelLine(id: string): string {
  return `${id} ${SERVE_CANCEL}\n`;
}
