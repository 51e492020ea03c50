import { GuildsError } from "@guilds/protocol/guildsError";
import { HelperRequest } from "@guilds/protocol/helperRequest";
import { CODE_RESULT_MAX_BYTES_MIN } from "@guilds/protocol/limits";
import { callEnvironment } from "../toolbox/callEnvironment.ts";
import type { ToolResult } from "./tool.ts";
import type { ToolContext } from "./toolContext.ts";

/**
 * The helper request of one call, checked against the protocol before anything runs. Its fields are
 * ours (ids, the cap, the environment; the arguments are the op's to check), so the usual request is
 * checked by hand, by the schema's rules; the schema's parse runs only to say what is wrong.
 */
export function buildCodeRequest(op: string, args: unknown, call: ToolContext): HelperRequest {
  const request: HelperRequest = {
    op,
    args,
    run_id: call.runId,
    agent_id: call.agent.id,
    call_id: call.callId,
    cwd: call.defaultCwd,
    max_bytes: call.maxBytes,
    env: callEnvironment(call.secrets, call.machine.ports),
    repo_tokens: { ...call.repoTokens },
  };
  if (isValidRequest(request)) return request;
  const parsed = HelperRequest.safeParse(request);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
  throw new GuildsError(
    "request.invalid",
    `The ${op} call cannot be sent to guilds-code: ${problems.join("; ")}. ` +
      "Run, agent and call ids take 1 to 200 letters, digits, _ . : or -; max_bytes is at least 1024.",
  );
}

const HELPER_ID = /^[A-Za-z0-9_.:-]{1,200}$/;

/** HelperRequest's rules, for a request built as above (no env_file). */
function isValidRequest(request: HelperRequest): boolean {
  return (
    typeof request.op === "string" &&
    request.op.length > 0 &&
    isHelperId(request.run_id) &&
    isHelperId(request.agent_id) &&
    isHelperId(request.call_id) &&
    typeof request.cwd === "string" &&
    Number.isInteger(request.max_bytes) &&
    request.max_bytes >= CODE_RESULT_MAX_BYTES_MIN &&
    allStrings(request.env) &&
    allStrings(request.repo_tokens)
  );
}

function isHelperId(value: unknown): boolean {
  return typeof value === "string" && HELPER_ID.test(value);
}

function allStrings(record: Record<string, unknown>): boolean {
  for (const key in record) if (typeof record[key] !== "string") return false;
  return true;
}

/**
 * The four check tools (shell, shell_status, file_read, code_search) each run the op of the same
 * name in guilds-code inside the agent's machine; where it runs is the transport's. Sends the request (the transport wakes the machine first), and turns the envelope into the call's
 * result. The helper's { ok: false, error } is an outcome for the model; a helper that fails to
 * answer throws GuildsError. An answer to a cancelled call is marked so in its meta.
 */
export async function runCodeOp(op: string, args: unknown, context: ToolContext): Promise<ToolResult> {
  const request = buildCodeRequest(op, args, context);
  const envelope = await context.helpers.run(context.machine, request, { signal: context.signal });
  const cancelled = context.signal.aborted ? { cancelled: true } : {};
  if (envelope.ok) return { ok: true, text: envelope.text, meta: { ...envelope.meta, ...cancelled } };
  return { ok: false, text: envelope.error.message, meta: { error_code: envelope.error.code, ...cancelled } };
}
