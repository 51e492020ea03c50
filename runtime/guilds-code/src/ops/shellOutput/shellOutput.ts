import { issuesMessage } from "@guilds/protocol/checkIssues";
import { GuildsError } from "@guilds/protocol/guildsError";
import type { ShellOutputMeta } from "@guilds/protocol/shellOutput";
import { checkShellOutputArgs } from "@guilds/protocol/shellOutputCheck";
import type { BackgroundState } from "@guilds/protocol/toolMeta";
import {
  backgroundFolder,
  listBackgroundIds,
  readBackgroundRecord,
} from "../../background/backgroundRecords.ts";
import type { Op, OpContext } from "../../context.ts";
import { callLog, withFileSource } from "../../runs/logFile.ts";
import { observeBackground } from "../shellStatus/backgroundState.ts";
import { newLines } from "./newLines.ts";

/**
 * shell_output: the new lines of the log of the shell call the request names (its run_id and
 * call_id), for the app's live view; a background command's state beside them. Not a tool.
 */
export const shellOutput: Op = async (args, context) => {
  const parsed = checkShellOutputArgs(args ?? {});
  if (!parsed.success) {
    throw new GuildsError(
      "request.invalid",
      `shell_output takes { offset: a byte offset or null, skip_line?: boolean }: ${issuesMessage(parsed.issues)}`,
    );
  }
  const log = callLog(context);
  const backgroundState = backgroundStateOf(context, log.file);
  let meta: ShellOutputMeta;
  try {
    const read = withFileSource(log.file, (source) => newLines(source, parsed.data));
    meta = { ...read, background_state: backgroundState, missing: false };
  } catch (caught) {
    if ((caught as NodeJS.ErrnoException).code !== "ENOENT") throw caught;
    meta = { lines: [], offset: 0, skip_line: false, background_state: backgroundState, missing: true };
  }
  return { text: "", meta: { ...meta } };
};

/** The state of the background command writing `logFile`; null when none does (a foreground call). */
function backgroundStateOf(context: OpContext, logFile: string): BackgroundState | null {
  const folder = backgroundFolder(context);
  for (const id of listBackgroundIds(folder)) {
    const record = readBackgroundRecord(folder, id);
    if (record?.log_file === logFile) return observeBackground(folder, record).state;
  }
  return null;
}
