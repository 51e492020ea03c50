import { readFileSync, writeFileSync } from "node:fs";
import { SESSION_ID_PATTERN } from "@guilds/protocol/harnessLimits";

/** The session id recorded by an earlier poll, so that every later poll reports it too. */
export function readRecordedSession(file: string): string | null {
  try {
    const id = readFileSync(file, "utf8").trim();
    return SESSION_ID_PATTERN.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** Records the first session id seen; the first one written wins. */
export function recordSession(file: string, id: string): void {
  try {
    writeFileSync(file, `${id}\n`, { flag: "wx", mode: 0o600 });
  } catch {
    // already recorded
  }
}

/** A harness's session id as the page allows it: anything else is not passed on. */
export function validSessionId(id: string | null | undefined): string | null {
  return id !== null && id !== undefined && SESSION_ID_PATTERN.test(id) ? id : null;
}
