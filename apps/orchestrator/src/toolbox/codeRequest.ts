import { HelperRequest } from "@guilds/protocol/helperRequest";
import type { CodeToolName } from "@guilds/protocol/toolArgs";
import type { Machine } from "../machines/machine.ts";
import { callEnvironment } from "./callEnvironment.ts";
import { ToolboxError } from "./toolboxError.ts";

/** What one code tool call needs to know about where and for whom it runs. */
export interface CodeCallIdentity {
  machine: Machine;
  runId: string;
  agentId: string;
  callId: string;
  /** "repos/<name>" when the guild has exactly one repository, else "" (see defaultWorkingDirectory). */
  defaultCwd: string;
  /** The agent's secrets under their names and aliases, for every command it runs. */
  secrets: Readonly<Record<string, string>>;
  /** Token per repository name, for GH_TOKEN. */
  repoTokens: Readonly<Record<string, string>>;
  /** CODE_RESULT_MAX_BYTES. */
  maxBytes: number;
}

/** The helper request of one call, checked against the protocol before anything runs. */
export function buildCodeRequest(op: CodeToolName, args: unknown, call: CodeCallIdentity): HelperRequest {
  const parsed = HelperRequest.safeParse({
    op,
    args,
    run_id: call.runId,
    agent_id: call.agentId,
    call_id: call.callId,
    cwd: call.defaultCwd,
    max_bytes: call.maxBytes,
    env: callEnvironment(call.secrets, call.machine.ports),
    repo_tokens: { ...call.repoTokens },
  });
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
  throw new ToolboxError(
    "request.invalid",
    `The ${op} call cannot be sent to guilds-code: ${problems.join("; ")}. ` +
      "Run, agent and call ids take 1 to 200 letters, digits, _ . : or -; max_bytes is at least 1024.",
  );
}
