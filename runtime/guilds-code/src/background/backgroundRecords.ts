import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { OpContext } from "../context.ts";

/**
 * Background commands are recorded under /run/guilds/<agent id>/background/, which lives exactly as
 * long as the machine: "Ids run b1, b2, … for the life of the container." Per id:
 *   b1.json  the record (written by the helper that started it)
 *   b1.exit  its exit code, written by its wrapper when it ends; the file's mtime is when it ended
 *   b1.stop  present once a stop was asked for
 *   b1.ended when it was first seen gone without an exit code (its wrapper was killed)
 */
export interface BackgroundRecord {
  id: string;
  command: string;
  /** The working directory it started in. */
  cwd: string;
  /** ~/.runs/<run id>/<call id>.log, as results name it. */
  log_path: string;
  /** The same log, absolute inside the machine. */
  log_file: string;
  /** ISO time it was started. */
  started_at: string;
  /** The command's pid, which is also its process group; null while it is being started. */
  pid: number | null;
  /** /proc start time of that pid: a reused pid is not mistaken for it. */
  start_ticks: number | null;
  /** The bash wrapper that waits for the command and writes its exit code. */
  wrapper_pid: number | null;
  wrapper_start_ticks: number | null;
}

export type BackgroundDraft = Omit<BackgroundRecord, "id">;

const RECORD_NAME = /^b([1-9][0-9]*)\.json$/;

export function backgroundFolder(context: OpContext): string {
  return path.join(context.agentDir, "background");
}

export function ensureBackgroundFolder(context: OpContext): string {
  const folder = backgroundFolder(context);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return folder;
}

export function exitFile(folder: string, id: string): string {
  return path.join(folder, `${id}.exit`);
}

export function stopFile(folder: string, id: string): string {
  return path.join(folder, `${id}.stop`);
}

/**
 * When the command was first seen gone without an exit code: the closest known end, since nothing
 * recorded the real one. The first sighting wins.
 */
export function noteEnded(folder: string, id: string, nowMs: number): number {
  const file = path.join(folder, `${id}.ended`);
  try {
    writeFileSync(file, `${new Date(nowMs).toISOString()}\n`, { flag: "wx", mode: 0o600 });
    return nowMs;
  } catch {
    const noted = Date.parse(readTextOrEmpty(file));
    return Number.isNaN(noted) ? nowMs : noted;
  }
}

function readTextOrEmpty(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

function recordFile(folder: string, id: string): string {
  return path.join(folder, `${id}.json`);
}

/** Known ids in order: b1, b2, … b10. */
export function listBackgroundIds(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names
    .map((name) => RECORD_NAME.exec(name)?.[1])
    .filter((number): number is string => number !== undefined)
    .map(Number)
    .sort((a, b) => a - b)
    .map((number) => `b${number}`);
}

/**
 * Takes the next free id. The record file is created with O_EXCL, so two helpers starting commands
 * at once never get the same id; ids are never reused because records are never deleted.
 */
export function reserveBackgroundId(folder: string, draft: BackgroundDraft): BackgroundRecord {
  const known = listBackgroundIds(folder);
  let number = known.length === 0 ? 1 : Number(known[known.length - 1]?.slice(1)) + 1;
  for (;;) {
    const record: BackgroundRecord = { id: `b${number}`, ...draft };
    try {
      writeFileSync(recordFile(folder, record.id), JSON.stringify(record), { flag: "wx", mode: 0o600 });
      return record;
    } catch (caught) {
      if ((caught as NodeJS.ErrnoException).code !== "EEXIST") throw caught;
      number += 1;
    }
  }
}

/** Replaces a record whole (write, then rename), so a reader never sees half of it. */
export function writeBackgroundRecord(folder: string, record: BackgroundRecord): void {
  const temporary = `${recordFile(folder, record.id)}.tmp`;
  writeFileSync(temporary, JSON.stringify(record), { mode: 0o600 });
  renameSync(temporary, recordFile(folder, record.id));
}

export function readBackgroundRecord(folder: string, id: string): BackgroundRecord | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(recordFile(folder, id), "utf8"));
    return isBackgroundRecord(parsed) ? parsed : undefined;
  } catch {
    // not there, or being created this instant
    return undefined;
  }
}

export interface RecordedExit {
  code: number;
  endedAtMs: number;
}

export function readRecordedExit(folder: string, id: string): RecordedExit | undefined {
  const file = exitFile(folder, id);
  try {
    const code = Number.parseInt(readFileSync(file, "utf8"), 10);
    return Number.isInteger(code) ? { code, endedAtMs: statSync(file).mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

function isBackgroundRecord(value: unknown): value is BackgroundRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  const strings = ["id", "command", "cwd", "log_path", "log_file", "started_at"];
  const numbers = ["pid", "start_ticks", "wrapper_pid", "wrapper_start_ticks"];
  return (
    strings.every((key) => typeof record[key] === "string") &&
    numbers.every((key) => record[key] === null || typeof record[key] === "number")
  );
}
