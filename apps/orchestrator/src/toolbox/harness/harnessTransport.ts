import { HARNESS_OP_TIMEOUT_MS } from "@guilds/protocol/harnessLimits";
import { createHelperTransport, type HelperTransport } from "../helperTransport.ts";

/**
 * "guilds-harness runs one short exec per op, with the same transport as guilds-code": one process
 * per op (it has no long-lived mode), each waiting up to HARNESS_OP_TIMEOUT_MS.
 */
export function createHarnessTransport(): HelperTransport {
  return createHelperTransport({
    mode: "one-shot",
    helperCommand: (machine) => machine.helperCommand("guilds-harness"),
    helperName: "guilds-harness",
    deadlines: { opMs: HARNESS_OP_TIMEOUT_MS },
  });
}
