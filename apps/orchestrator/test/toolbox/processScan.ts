import { randomUUID } from "node:crypto";

// The host's /proc also shows a bwrap sandbox's processes, whose pids inside ($$) mean nothing out here.
export { processesWith } from "../../../../runtime/guilds-harness/test/ops/markedProcesses.ts";

/** A word no other process holds, to find a command's processes by. */
export function uniqueMarker(): string {
  return `guilds-marker-${randomUUID()}`;
}

/**
 * A command that says it started (a file holding its $$ in the home), prints `before`, then sleeps
 * under `marker` (the sleep's own name, and in bash's command line) and would print "never".
 */
export function markedSleep(marker: string, startedFile: string): string {
  return `echo $$ > ${startedFile}; echo before; (exec -a ${marker} sleep 30); echo never`;
}
