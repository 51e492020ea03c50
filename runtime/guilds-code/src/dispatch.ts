import type { Envelope } from "@guilds/protocol/envelope";
import type { ErrorCode } from "@guilds/protocol/errorCodes";
import { GuildsError } from "@guilds/protocol/guildsError";
import { checkHelperRequest } from "@guilds/protocol/helperRequestCheck";
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

/**
 * Runs one request and always answers with an envelope: the only place that catches everything, so
 * that a helper printing no envelope means a real crash. `cancelled` fires when the call is
 * cancelled, and the op still answers. The same envelopes as @guilds/runtime/helperDispatch, with
 * the request checked without zod (@guilds/protocol/helperRequestCheck).
 */
export async function dispatch(
  raw: unknown,
  environment: NodeJS.ProcessEnv,
  cancelled: AbortSignal,
  launcher: CommandLauncher | null = null,
): Promise<Envelope> {
  const parsed = checkHelperRequest(raw);
  if (!parsed.success) {
    const problems = parsed.issues.map((issue) => `${issue.path.join(".") || "request"}: ${issue.message}`);
    return failure("request.invalid", `The helper request is malformed: ${problems.join("; ")}.`);
  }
  const request = parsed.data;
  const op = Object.hasOwn(OPS, request.op) ? OPS[request.op] : undefined;
  if (!op) {
    return failure(
      "op.unknown",
      `guilds-code has no op "${request.op}"; it knows ${Object.keys(OPS).join(", ")}.`,
    );
  }
  try {
    const result = await op(request.args, createContext(request, environment, cancelled, launcher));
    return { ok: true, text: result.text, meta: result.meta };
  } catch (caught) {
    // A fault of ours inside the op carries its code to the envelope: { code, message } on the wire.
    if (caught instanceof GuildsError) return failure(caught.code, caught.message);
    const message = caught instanceof Error ? caught.message : String(caught);
    return failure("helper.internal", `guilds-code failed inside ${request.op}: ${message}`);
  }
}

function failure(code: ErrorCode, message: string): Envelope {
  return { ok: false, error: { code, message } };
}
