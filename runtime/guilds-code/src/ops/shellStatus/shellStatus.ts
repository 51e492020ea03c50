import { formatArgsError } from "@guilds/protocol/argsError";
import { BACKGROUND_TAIL_LINES } from "@guilds/protocol/limits";
import { checkShellStatusArgs } from "@guilds/protocol/toolArgsCheck";
import type { ShellStatusMeta } from "@guilds/protocol/toolMeta";
import { backgroundCgroup } from "../../background/backgroundCgroup.ts";
import {
  backgroundFolder,
  listBackgroundIds,
  readBackgroundRecord,
} from "../../background/backgroundRecords.ts";
import type { Op, OpContext, OpResult } from "../../context.ts";
import { keepStart } from "../../text/utf8.ts";
import { type BackgroundStatus, observeBackground, stopBackground } from "./backgroundState.ts";
import { detailText, listText } from "./backgroundText.ts";
import { readLastLines } from "./logTail.ts";

/** shell_status: "Follow or stop a command started in the background". */
export const shellStatus: Op = async (args, context) => {
  const parsed = checkShellStatusArgs(args);
  if (!parsed.success) return { text: formatArgsError("shell_status", parsed, args), meta: {} };
  const { id, stop } = parsed.data;
  return id === undefined ? listCommands(context) : showCommand(context, id, stop);
};

function listCommands(context: OpContext): OpResult {
  const folder = backgroundFolder(context);
  const statuses = listBackgroundIds(folder).flatMap((id) => {
    const record = readBackgroundRecord(folder, id);
    return record ? [observeBackground(folder, record)] : [];
  });
  const meta: ShellStatusMeta = { commands: statuses.length };
  return { text: listText(statuses, context.request.max_bytes), meta: { ...meta } };
}

async function showCommand(context: OpContext, id: string, stop: boolean): Promise<OpResult> {
  const folder = backgroundFolder(context);
  const record = readBackgroundRecord(folder, id);
  if (!record) return { text: keepStart(unknownIdText(id, folder), context.request.max_bytes), meta: {} };
  const status: BackgroundStatus = stop
    ? await stopBackground(folder, record, backgroundCgroup(context, id))
    : observeBackground(folder, record);
  const lines = readLastLines(record.log_file, BACKGROUND_TAIL_LINES);
  const meta: ShellStatusMeta = {
    background_id: id,
    state: status.state,
    log_path: record.log_path,
    exit_code: status.exitCode,
  };
  return { text: detailText(status, lines, context.request.max_bytes), meta: { ...meta } };
}

function unknownIdText(id: string, folder: string): string {
  const known = listBackgroundIds(folder);
  if (known.length === 0) return `no background command ${id}: none has been started on this machine`;
  return `no background command ${id}; known ids: ${known.join(", ")}`;
}
