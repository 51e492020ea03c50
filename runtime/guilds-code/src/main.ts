import { readFileSync, unlinkSync } from "node:fs";
import { decodeBase64Json, encodeBase64Json } from "@guilds/protocol/base64Json";
import { dispatch } from "./dispatch.ts";
import { serve } from "./serve.ts";
import { helperStopSignal } from "./stopSignals.ts";

/**
 * guilds-code <base64 request>             one call, one envelope on stdout
 * guilds-code --request-file <path>        the same, for a request too long for the command line
 * guilds-code serve                        the long-lived helper: "<id> <base64>" lines in and out,
 *                                          "<id> cancel" to cancel one (@guilds/protocol/serveLines)
 * SIGTERM, SIGINT or SIGHUP cancels: a running foreground command is stopped as its timeout stops
 * it, its envelope is still printed, then the helper exits.
 */
async function main(argv: string[], stopRequested: AbortSignal): Promise<void> {
  const [first, second] = argv;
  if (first === "serve") {
    await serve(process.stdin, process.stdout, process.env, stopRequested);
    return;
  }
  let raw: unknown;
  try {
    raw = first === "--request-file" && second ? readRequestFile(second) : decodeBase64Json(first ?? "");
  } catch (caught) {
    const message = caught instanceof Error ? caught.message : String(caught);
    process.stdout.write(
      `${encodeBase64Json({ ok: false, error: { code: "request.unreadable", message: `guilds-code could not read its request (${message}); pass base64 JSON or --request-file <path>.` } })}\n`,
    );
    return;
  }
  const envelope = await dispatch(raw, process.env, stopRequested);
  process.stdout.write(`${encodeBase64Json(envelope)}\n`);
}

function readRequestFile(file: string): unknown {
  const text = readFileSync(file, "utf8");
  unlinkSync(file);
  return JSON.parse(text);
}

// Listening first: a stop that comes while the request is read must still find its command.
await main(process.argv.slice(2), helperStopSignal());
// Background commands are detached and unref'd; nothing else may keep a helper alive once it has
// answered. stdout is a pipe or a file, written synchronously, so the answers are out.
process.exit(0);
