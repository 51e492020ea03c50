import type { Envelope } from "@guilds/protocol/envelope";
import { dispatchHelperRequest } from "@guilds/runtime/helperDispatch";
import { createContext, type Op } from "./context.ts";
import { codeSearch } from "./ops/codeSearch/codeSearch.ts";
import { fileRead } from "./ops/fileRead/fileRead.ts";
import { shell } from "./ops/shell/shell.ts";
import { shellOutput } from "./ops/shellOutput/shellOutput.ts";
import { shellStatus } from "./ops/shellStatus/shellStatus.ts";
import type { CommandLauncher } from "./process/commandLauncher.ts";

const OPS: Record<string, Op> = {
  shell,
  shell_status: shellStatus,
  file_read: fileRead,
  code_search: codeSearch,
  // Not a tool: the app's live view of a shell call's output.
  shell_output: shellOutput,
  ping: async () => ({ text: "pong", meta: {} }),
};

/** Runs one request; `cancelled` fires when the call is cancelled, and the op still answers. */
export function dispatch(
  raw: unknown,
  environment: NodeJS.ProcessEnv,
  cancelled: AbortSignal,
  launcher: CommandLauncher | null = null,
): Promise<Envelope> {
  return dispatchHelperRequest("guilds-code", OPS, raw, (request) =>
    createContext(request, environment, cancelled, launcher),
  );
}
