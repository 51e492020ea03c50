import { decodeBase64Json, encodeBase64Json } from "@guilds/protocol/base64Json";
import { parseServeInput } from "@guilds/protocol/serveLines";
import { writeWhole } from "@guilds/runtime/wholeWrite";
import { searchPathOf } from "./context.ts";
import { dispatch } from "./dispatch.ts";
import { CommandLauncher } from "./process/commandLauncher.ts";
import { readLines } from "./transport/readLines.ts";
import { RunningRequests } from "./transport/runningRequests.ts";
import { type AnswerChannel, listenForLines } from "./transport/serveSocket.ts";

/** serve's socket (serveSocket.ts): where it listens, and the line it greets each connection with. */
export interface ServeSocket {
  path: string;
  hello: string;
}

/** Longest request line accepted; the page's own inline limit is 64 KiB, request files can be larger. */
const MAX_LINE_BYTES = 64 * 1024 * 1024;

/**
 * The long-lived helper (the lines are specified in @guilds/protocol/serveLines):
 *   in   "<id> <base64 request>"   runs it; requests run concurrently
 *   in   "<id> cancel"             stops that request's foreground command as its timeout would;
 *                                  its envelope still comes back. Ignored for an id not running.
 *   out  "<id> <base64 envelope>"  the same envelope bytes a one-shot call prints
 * With `socket`, the same lines also come over connections to a unix socket (serveSocket.ts), each
 * answered on the connection it came over.
 * When the input ends (the orchestrator went away) or `stopRequested` fires, every running request
 * is cancelled and no new one is started; serve resolves once the running ones are answered.
 */
export async function serve(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  environment: NodeJS.ProcessEnv,
  stopRequested: AbortSignal,
  socket: ServeSocket | null = null,
): Promise<void> {
  // Nobody may read the answers any more (the orchestrator went away): the commands still get stopped.
  output.on("error", () => {});
  const running = new RunningRequests();
  const launcher = new CommandLauncher(searchPathOf(environment));
  const answering = new Set<Promise<void>>();
  let accepting = true;
  const stdout: AnswerChannel = { write: (text) => writeWhole(output, text) };
  const onLine = (line: string, channel: AnswerChannel) => {
    const parsed = parseServeInput(line);
    if (!parsed) return;
    if (parsed.cancel) {
      running.cancel(parsed.id);
      return;
    }
    // A request after the stop would only be started to be stopped: the caller sees the helper end.
    if (!accepting) return;
    const request = running.start(parsed.id);
    const task = answer(parsed.request, environment, request.cancelled, launcher).then((envelope) => {
      request.finish();
      // Awaited whole: once serve resolves, the helper exits.
      return channel.write(`${parsed.id} ${envelope}\n`);
    });
    answering.add(task);
    task.finally(() => answering.delete(task));
  };
  const listener =
    socket === null ? null : listenForLines(socket.path, socket.hello, MAX_LINE_BYTES, onLine, stdout);
  try {
    await Promise.race([
      readLines(input, MAX_LINE_BYTES, (line) => onLine(line, stdout)),
      abortOf(stopRequested),
    ]);
  } finally {
    accepting = false;
    running.cancelAll();
    await Promise.all(answering);
    listener?.close();
    // Last: it reports the exits of the commands just stopped.
    launcher.close();
  }
}

async function answer(
  encoded: string,
  environment: NodeJS.ProcessEnv,
  cancelled: AbortSignal,
  launcher: CommandLauncher,
): Promise<string> {
  let raw: unknown;
  try {
    raw = decodeBase64Json(encoded);
  } catch {
    return encodeBase64Json({
      ok: false,
      error: { code: "request.unreadable", message: "guilds-code serve got a line that is not base64 JSON." },
    });
  }
  return encodeBase64Json(await dispatch(raw, environment, cancelled, launcher));
}

function abortOf(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
}
