import type { HelperRequest } from "@guilds/protocol/helperRequest";
import { toolContractOf } from "@guilds/protocol/tools/registry";

/**
 * Whether a request may be re-run after the long-lived helper died holding it: the transport's own
 * ping, or a call its tool's contract says may run twice (shell and shell_status with stop act on
 * the machine, so they never are). An op that is no tool, or arguments the schema refuses, are not.
 */
export function isRepeatableRequest(request: HelperRequest): boolean {
  if (request.op === "ping") return true;
  const contract = toolContractOf(request.op);
  const args = contract?.args.safeParse(request.args);
  return contract !== undefined && args?.success === true && contract.repeatable(args.data);
}
