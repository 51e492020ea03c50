import { GuildsError } from "@guilds/protocol/guildsError";
import type { BackgroundOutputView } from "@guilds/protocol/shellOutput";
import { ShellBackgroundMeta } from "@guilds/protocol/toolMeta";
import { shellContract } from "@guilds/protocol/tools/shell";
import type { MachineRegistry } from "../../machines/machineRegistry.ts";
import type { Redactor } from "../../pipeline/redactor.ts";
import type { Store } from "../../store/store.ts";
import { createHelperTransport, type HelperTransport } from "../../toolbox/helperTransport.ts";
import { LATEST_LINES, readShellOutput, type ShellOutputCursor } from "./shellOutputRead.ts";

/**
 * A background command's output while an operator has its call's detail open: the app asks for
 * the lines after its cursor every SHELL_OUTPUT_BACKGROUND_POLL_MS, and stops once the command
 * ended. Nothing runs on the server between two asks, and nobody looking costs nothing.
 */
export interface BackgroundOutput {
  read(runId: string, callId: string, cursor: string | undefined): Promise<BackgroundOutputView>;
}

export interface BackgroundOutputDeps {
  store: Pick<Store, "runs" | "toolCalls" | "agents">;
  machines: Pick<MachineRegistry, "forAgent">;
  /** Every secret value of the agent and its guild, and its repositories' tokens. */
  redactorFor(agentId: string): Promise<Redactor>;
  /**
   * Default one guilds-code process per read: an open detail costs one short process a second,
   * and no long-lived helper of its own in the agent's machine.
   */
  helpers?: HelperTransport;
}

export function createBackgroundOutput(deps: BackgroundOutputDeps): BackgroundOutput {
  const helpers = deps.helpers ?? createHelperTransport({ mode: "one-shot" });
  return {
    async read(runId, callId, cursorText) {
      const cursor = parseCursor(cursorText);
      const run = await deps.store.runs.get(runId);
      const call = (await deps.store.toolCalls.list(run.id)).find(
        (candidate) => candidate.id === callId || candidate.callId === callId,
      );
      if (call === undefined || call.tool !== shellContract.name) {
        throw new GuildsError("tool_call.not_found", `run ${run.id} has no shell call ${callId}`);
      }
      if (!ShellBackgroundMeta.safeParse(call.metadata).success) {
        throw new GuildsError(
          "tool_call.not_found",
          `the shell call ${callId} started no background command`,
        );
      }
      const agent = await deps.store.agents.get(run.agentId);
      const machine = await deps.machines.forAgent(agent);
      // A stopped machine ended its commands: nothing to follow, and nothing to wake it for.
      if (!machine.isRunning()) return { lines: [], next_cursor: cursorText ?? "0", state: "ended" };
      const ids = { runId: run.id, agentId: agent.id, callId: call.id };
      const read = await readShellOutput(helpers, machine, ids, cursor, await deps.redactorFor(agent.id));
      return {
        lines: read.lines,
        next_cursor: formatCursor(read.next),
        state: read.backgroundState ?? "ended",
      };
    },
  };
}

const CURSOR = /^(\d{1,15})(s?)$/;

/** "<offset>", or "<offset>s" when the offset is inside a line already shown; none for the latest lines. */
function parseCursor(text: string | undefined): ShellOutputCursor {
  if (text === undefined) return LATEST_LINES;
  const match = CURSOR.exec(text);
  if (match === null) {
    throw new GuildsError(
      "request.invalid",
      `cursor must be the next_cursor of an earlier answer (digits, maybe followed by "s"), got "${text}"; leave it out for the latest lines.`,
    );
  }
  return { offset: Number(match[1]), skipLine: match[2] === "s" };
}

function formatCursor(cursor: ShellOutputCursor): string {
  return `${cursor.offset ?? 0}${cursor.skipLine ? "s" : ""}`;
}
