import type { Machine } from "../../apps/orchestrator/src/machines/machine.ts";
import type { HelperTransport } from "../../apps/orchestrator/src/toolbox/helperTransport.ts";
import { shellTool } from "../../apps/orchestrator/src/tools/shell/shell.ts";
import { standaloneToolContext } from "../../apps/orchestrator/src/tools/standaloneToolContext.ts";

let calls = 0;

/** One `shell true` through the real tool and transport, as the server makes it; throws unless it exited 0. */
export async function shellTrueCall(machine: Machine, helpers: HelperTransport): Promise<void> {
  calls += 1;
  const result = await shellTool.run(
    { command: "true" },
    standaloneToolContext({
      machine,
      helpers,
      runId: "bench",
      agentId: machine.agentId,
      callId: `b${process.pid}-${calls}`,
      defaultCwd: "",
      secrets: {},
      repoTokens: {},
      maxBytes: 8192,
    }),
  );
  if (!result.ok || result.meta.exit_code !== 0)
    throw new Error(`shell true failed: ${JSON.stringify(result)}`);
}
