import { probeBwrap } from "../../src/machines/local/bwrap/bwrapProbe.ts";
import { sandboxUser } from "../../src/machines/local/bwrap/sandboxUser.ts";

/**
 * For tests about something else than the sandbox: bwrap where it works here, else unconfined,
 * saying why (a machine never falls back to unconfined by itself).
 */
export async function workingSandbox(): Promise<"bwrap" | "unconfined"> {
  const probe = await probeBwrap(sandboxUser("sandbox-choice"));
  if (probe.usable) return "bwrap";
  console.warn(`these tests run UNCONFINED: bwrap is unusable here: ${probe.reason}`);
  return "unconfined";
}
