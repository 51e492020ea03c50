import { type Envelope, HelperError } from "@guilds/protocol/envelope";
import type { ErrorCode } from "@guilds/protocol/errorCodes";
import { GuildsError } from "@guilds/protocol/guildsError";
import { HelperRequest } from "@guilds/protocol/helperRequest";

/** An op's outcome: text already shaped to the request's cap, and its metadata. */
export interface HelperOpResult {
  text: string;
  meta: Record<string, unknown>;
}

export type HelperOp<Context> = (args: unknown, context: Context) => Promise<HelperOpResult>;

/**
 * Runs one request and always answers with an envelope: the only place that catches everything, so
 * that a helper printing no envelope means a real crash.
 */
export async function dispatchHelperRequest<Context>(
  helper: string,
  ops: Readonly<Record<string, HelperOp<Context>>>,
  raw: unknown,
  contextFor: (request: HelperRequest) => Context,
): Promise<Envelope> {
  const parsed = HelperRequest.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".") || "request"}: ${issue.message}`,
    );
    return error("request.invalid", `The helper request is malformed: ${problems.join("; ")}.`);
  }
  const op = Object.hasOwn(ops, parsed.data.op) ? ops[parsed.data.op] : undefined;
  if (!op) {
    return error(
      "op.unknown",
      `${helper} has no op "${parsed.data.op}"; it knows ${Object.keys(ops).join(", ")}.`,
    );
  }
  try {
    const result = await op(parsed.data.args, contextFor(parsed.data));
    return { ok: true, text: result.text, meta: result.meta };
  } catch (caught) {
    // A fault of ours inside the op carries its code to the envelope: { code, message } on the wire.
    if (caught instanceof GuildsError) return error(caught.code, caught.message);
    const message = caught instanceof Error ? caught.message : String(caught);
    return error("helper.internal", `${helper} failed inside ${parsed.data.op}: ${message}`);
  }
}

function error(code: ErrorCode, message: string): Envelope {
  return { ok: false, error: HelperError.parse({ code, message }) };
}
