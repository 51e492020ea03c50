import { readHelperRequest, writeEnvelope } from "@guilds/runtime/helperMain";
import { dispatch } from "./dispatch.ts";
import { serve } from "./serve.ts";
import { helperStopSignal } from "./transport/stopSignals.ts";

/**
 * guilds-code <base64 request>             one call, one envelope on stdout
 * guilds-code --request-file <path>        the same, for a request too long for the command line
 * guilds-code serve                        the long-lived helper: "<id> <base64>" lines in and out,
 *                                          "<id> cancel" to cancel one (@guilds/protocol/serveLines)
 * guilds-code serve --socket <path> <hello>  the same, the lines also over a unix socket at <path>
 * SIGTERM, SIGINT or SIGHUP cancels: a running foreground command is stopped as its timeout stops
 * it, its envelope is still printed, then the helper exits.
 */
async function main(argv: string[], stopRequested: AbortSignal): Promise<void> {
  if (argv[0] === "serve") {
    const [, flag, socketPath, hello] = argv;
    const socket = flag === "--socket" && socketPath && hello ? { path: socketPath, hello } : null;
    await serve(process.stdin, process.stdout, process.env, stopRequested, socket);
    return;
  }
  const invocation = readHelperRequest("guilds-code", argv);
  const envelope = invocation.ok
    ? await dispatch(invocation.raw, process.env, stopRequested)
    : invocation.envelope;
  await writeEnvelope(envelope);
}

// Listening first: a stop that comes while the request is read must still find its command.
await main(process.argv.slice(2), helperStopSignal());
// Background commands are detached and unref'd; nothing else may keep a helper alive once it has
// answered. Every answer has been taken by stdout whole (writeWhole) by now.
process.exit(0);
