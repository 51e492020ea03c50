import { constants } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { checkFileReadArgs } from "@guilds/protocol/toolArgsCheck";
import type { FileReadMeta } from "@guilds/protocol/toolMeta";
import type { Op, OpResult } from "../../context.ts";
import { resolveAgentTarget, specialFileKind, unreadableMessage } from "../../paths/agentTarget.ts";
import { groupDigits } from "../../text/quantity.ts";
import { truncateUtf8 } from "../../text/utf8Budget.ts";
import { parseOpArgs } from "../parseOpArgs.ts";
import { readFileChunks } from "./fileChunks.ts";
import { renderFileWindow } from "./fileReadText.ts";
import { type FileScan, LineWindowScanner } from "./lineWindow.ts";

/**
 * file_read: numbered lines offset..offset+limit-1 of a regular file inside the home, read in one
 * streaming pass that also counts the file's lines and hashes it whole (the orchestrator's repeat
 * pointer compares that hash).
 */
export const fileRead: Op = async (rawArgs, context) => {
  const parsed = parseOpArgs("file_read", checkFileReadArgs, rawArgs);
  if (!parsed.ok) return parsed.result;
  const { path: input, offset, limit } = parsed.args;
  const maxBytes = context.request.max_bytes;

  const target = resolveAgentTarget(input, context);
  if (!target.ok) return failure(target.text, target.display, maxBytes);
  const { display, realPath, stats } = target;
  if (stats.isDirectory()) {
    return failure(
      `${display} is a directory; use code_search with mode files, or shell ls, to list it`,
      display,
      maxBytes,
    );
  }
  if (!stats.isFile()) {
    return failure(
      `${display} is ${specialFileKind(stats)}, not a regular file; file_read reads regular files only`,
      display,
      maxBytes,
    );
  }

  let handle: FileHandle;
  try {
    // O_NONBLOCK: should the path have become a FIFO since the stat, opening it must not hang.
    handle = await open(realPath, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (caught) {
    return failure(unreadableMessage(display, caught), display, maxBytes);
  }
  let scan: FileScan;
  try {
    if (!(await handle.stat()).isFile()) {
      return failure(
        `${display} is not a regular file; file_read reads regular files only`,
        display,
        maxBytes,
      );
    }
    const scanner = new LineWindowScanner(offset, offset + limit - 1);
    if (!(await readFileChunks(handle, (chunk) => scanner.push(chunk), context.cancelled))) {
      return failure(`[cancelled; the read of ${display} was stopped]`, display, maxBytes);
    }
    scan = scanner.finish();
  } finally {
    await handle.close();
  }

  const meta = (range: [number, number], extra: Partial<FileReadMeta> = {}): FileReadMeta => ({
    path: display,
    range,
    content_hash: scan.contentHash,
    lines: scan.lines,
    real_path: realPath,
    ...extra,
  });
  if (scan.binary) {
    const text = `${display} is a binary file (${groupDigits(scan.bytes)} bytes); file_read shows text files only.`;
    return result(text, meta([0, 0], { binary: true }), maxBytes);
  }
  if (scan.lines === 0) return result(`${display} is empty`, meta([0, 0]), maxBytes);
  if (scan.window.length === 0) {
    const text = `${display} has ${scan.lines} ${scan.lines === 1 ? "line" : "lines"}; offset ${offset} is past the end`;
    return result(text, meta([0, 0]), maxBytes);
  }
  const rendered = renderFileWindow(display, scan.window, scan.lines, maxBytes);
  return result(rendered.text, meta(rendered.range, { truncated: rendered.truncated }), maxBytes);
};

function result(text: string, meta: FileReadMeta, maxBytes: number): OpResult {
  return { text: truncateUtf8(text, maxBytes), meta: { ...meta } };
}

/** A read that returned no lines of a file: the agent reads why; no hash, so it never counts as a read. */
function failure(text: string, display: string, maxBytes: number): OpResult {
  return { text: truncateUtf8(text, maxBytes), meta: { path: display } };
}
