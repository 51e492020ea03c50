import type { HelperRequest } from "@guilds/protocol/helperRequest";

let counter = 0;

/** A request as the toolbox builds one; each gets its own call id. */
export function helperRequest(
  op: string,
  args: unknown,
  overrides: Partial<HelperRequest> = {},
): HelperRequest {
  counter += 1;
  return {
    op,
    args,
    run_id: "run1",
    agent_id: "agent1",
    call_id: `c${counter}`,
    cwd: "",
    max_bytes: 8192,
    env: {},
    repo_tokens: {},
    ...overrides,
  };
}
