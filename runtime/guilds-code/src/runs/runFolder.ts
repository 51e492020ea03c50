import { ensureRunFolder as ensureRunFolderAt } from "@guilds/runtime/runRetention";
import type { OpContext } from "../context.ts";

/** The run's folder under .runs/, created (and older runs pruned) on the run's first call. */
export function ensureRunFolder(context: OpContext): string {
  return ensureRunFolderAt(context.runDir);
}
