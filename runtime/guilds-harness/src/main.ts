import { readHelperRequest, writeEnvelope } from "@guilds/runtime/helperMain";
import { dispatch } from "./dispatch.ts";
import { supervise } from "./supervisor.ts";

/**
 * guilds-harness <base64 request>          one op (check, start, poll, result, stop, log), one
 *                                          envelope on stdout
 * guilds-harness --request-file <path>     the same, for a request too long for the command line
 * guilds-harness supervise <state file>    internal: forked by start, runs one harness CLI to its end
 */
async function main(argv: string[]): Promise<void> {
  if (argv[0] === "supervise" && argv[1]) {
    await supervise(argv[1]);
    return;
  }
  const invocation = readHelperRequest("guilds-harness", argv);
  const self: [string, ...string[]] = [process.execPath, ...process.argv.slice(1, 2)];
  await writeEnvelope(
    invocation.ok ? await dispatch(invocation.raw, process.env, self) : invocation.envelope,
  );
}

await main(process.argv.slice(2));
// The supervisor start forks is detached and unref'd: nothing may keep a helper alive once it has
// answered. The answer has been taken by stdout whole (writeEnvelope) by now.
process.exit(0);
