import { existsSync, rmSync } from "node:fs";
import { GuildsError } from "@guilds/protocol/guildsError";
import { ResultArgs, type ResultMeta } from "@guilds/protocol/harness";
import { filesOfCall, removeCallFiles } from "../callFiles.ts";
import { cliRunning } from "../callLiveness.ts";
import type { EventParser } from "../drivers/driver.ts";
import { driverFor } from "../drivers/drivers.ts";
import { type HarnessOp, parseHarnessArgs } from "../harnessOp.ts";
import { parseLog } from "../parseLog.ts";
import { readRecordedSession, validSessionId } from "../sessionRecord.ts";
import { stderrTail } from "../stderrTail.ts";
import { readExitRecord } from "../supervisorRecords.ts";
import { endTaskCgroup } from "../taskCgroup.ts";
import { readTaskRecord } from "../taskRecord.ts";

/**
 * Once the CLI has exited: what it left running in the task's cgroup is killed (the turn is over),
 * and the files of the turn that may hold a secret are removed from the home; then the whole log through a fresh parser (one pass, constant memory), its exit code, the tail of
 * its stderr and the duration; then the prompt file and the call's state go.
 */
export const result: HarnessOp = async (raw, context) => {
  parseHarnessArgs("result", ResultArgs, raw);
  const files = filesOfCall(context);
  const record = readTaskRecord(files.record);
  if (!record) {
    throw new GuildsError(
      "harness.gone",
      `There is no harness state for call ${context.request.call_id}: its result was already read, or the machine restarted.`,
    );
  }
  const exit = readExitRecord(files.exit);
  if (!exit && cliRunning(files, record)) {
    throw new GuildsError(
      "harness.running",
      "The harness is still running; poll until it exits, or stop it.",
    );
  }
  await endTaskCgroup(context);
  const driver = driverFor(record.harness);
  driver.removeTurnFiles?.({ home: context.home });
  if (!exit) {
    throw new GuildsError(
      "result.unreadable",
      "The harness exited without an exit record (its supervisor was killed), so its result cannot be read.",
    );
  }
  const parser = driver.createParser();
  const counts = readLog(record.log_file, parser);
  const outcome = parser.outcome();
  const meta: ResultMeta = {
    final_message: outcome.finalMessage,
    session_id: validSessionId(outcome.sessionId) ?? readRecordedSession(files.session),
    exit_code: exit.code,
    turn_error: outcome.turnError,
    error: firstLine(outcome.error),
    stderr_tail: stderrTail(files.stderr),
    duration_ms: Math.max(0, Math.round(exit.endedAtMs - Date.parse(record.started_at))),
    events: counts.events,
    unparsed: counts.unparsed,
    version: record.version,
    model: outcome.model,
    cost_usd: outcome.costUsd,
    usage:
      outcome.inputTokens === null && outcome.outputTokens === null
        ? null
        : {
            input_tokens: outcome.inputTokens,
            output_tokens: outcome.outputTokens,
            cached_tokens: outcome.cachedTokens,
          },
  };
  rmSync(record.prompt_file, { force: true });
  removeCallFiles(files);
  return {
    text: `exit ${exit.code}; ${counts.events} events, ${counts.unparsed} unparsed`,
    meta: { ...meta },
  };
};

/** A log that is gone reads as an empty one: the exit code and stderr still tell what happened. */
function readLog(file: string, parser: EventParser): { events: number; unparsed: number } {
  return existsSync(file) ? parseLog(file, parser) : { events: 0, unparsed: 0 };
}

function firstLine(text: string | null): string | null {
  if (text === null) return null;
  const line = text.trim().split("\n", 1)[0]?.trim() ?? "";
  return line === "" ? null : line;
}
