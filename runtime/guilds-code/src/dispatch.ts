import { type Envelope, HelperError } from "@guilds/protocol/envelope";
import { HelperRequest } from "@guilds/protocol/helperRequest";
import { createContext, type Op } from "./context.ts";
import { codeSearch } from "./ops/codeSearch.ts";
import { fileRead } from "./ops/fileRead.ts";
import { shell } from "./ops/shell.ts";
import { shellStatus } from "./ops/shellStatus.ts";

const OPS: Record<string, Op> = {
  shell,
  shell_status: shellStatus,
  file_read: fileRead,
  code_search: codeSearch,
  ping: async () => ({ text: "pong", meta: {} }),
};

/** A fault of ours inside an op, carrying its stable code to the envelope. */
export class OpError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs one request and always answers with an envelope: the only place that catches everything, so
 * that a helper printing no envelope means a real crash. `cancelled` fires when the call is
 * cancelled; the op still answers.
 */
export async function dispatch(
  raw: unknown,
  environment: NodeJS.ProcessEnv,
  cancelled: AbortSignal,
): Promise<Envelope> {
  const parsed = HelperRequest.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".") || "request"}: ${issue.message}`,
    );
    return error("request.invalid", `The helper request is malformed: ${problems.join("; ")}.`);
  }
  const op = OPS[parsed.data.op];
  if (!op) {
    return error(
      "op.unknown",
      `guilds-code has no op "${parsed.data.op}"; it knows ${Object.keys(OPS).join(", ")}.`,
    );
  }
  try {
    const result = await op(parsed.data.args, createContext(parsed.data, environment, cancelled));
    return { ok: true, text: result.text, meta: result.meta };
  } catch (caught) {
    if (caught instanceof OpError) return error(caught.code, caught.message);
    const message = caught instanceof Error ? caught.message : String(caught);
    return error("helper.internal", `guilds-code failed inside ${parsed.data.op}: ${message}`);
  }
}

function error(code: string, message: string): Envelope {
  return { ok: false, error: HelperError.parse({ code, message }) };
}
