import type { Envelope } from "@guilds/protocol/envelope";
import { dispatchHelperRequest } from "@guilds/runtime/helperDispatch";
import { createContext } from "./context.ts";
import type { HarnessOp } from "./harnessOp.ts";
import { check } from "./ops/check.ts";
import { log } from "./ops/log.ts";
import { poll } from "./ops/poll.ts";
import { result } from "./ops/result.ts";
import { start } from "./ops/start.ts";
import { stop } from "./ops/stop.ts";

const OPS: Record<string, HarnessOp> = { check, start, poll, result, stop, log };

/** Runs one request and always answers with an envelope. */
export function dispatch(
  raw: unknown,
  environment: NodeJS.ProcessEnv,
  helperCommand: [string, ...string[]],
): Promise<Envelope> {
  return dispatchHelperRequest("guilds-harness", OPS, raw, (request) =>
    createContext(request, environment, helperCommand),
  );
}
