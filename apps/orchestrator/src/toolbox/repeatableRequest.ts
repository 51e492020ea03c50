import type { HelperRequest } from "@guilds/protocol/helperRequest";

/** Ops that only read: running one again after a helper died mid-call cannot do anything twice. */
const READ_ONLY_OPS = new Set(["ping", "file_read", "code_search"]);

/**
 * Whether a request may be re-run after the long-lived helper died holding it. shell (foreground or
 * background) and shell_status with stop act on the machine, so they are never re-run.
 */
export function isRepeatableRequest(request: HelperRequest): boolean {
  if (READ_ONLY_OPS.has(request.op)) return true;
  if (request.op !== "shell_status") return false;
  const args = request.args;
  return typeof args === "object" && args !== null && (args as { stop?: unknown }).stop !== true;
}
