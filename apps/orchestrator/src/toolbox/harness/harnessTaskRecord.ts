import { HARNESS_NAMES } from "@guilds/protocol/harness";
import { z } from "zod";
import type { RunMetadata } from "../../store/runStore.ts";

/** A run's metadata.harness_task (HarnessTaskMetadata) as stored: read back, it is checked again. */
export const HarnessTaskRecord = z.object({
  call_id: z.string().min(1),
  harness: z.enum(HARNESS_NAMES),
  repository: z.string().min(1),
  session_id: z.string().nullable(),
  log_path: z.string().nullable(),
  /** Absent from what a server before it wrote. */
  start_sha: z.string().nullable().default(null),
});
export type HarnessTaskRecord = z.infer<typeof HarnessTaskRecord>;

/** The run's code_task in progress, if its metadata names one it can read. */
export function harnessTaskOf(metadata: RunMetadata): HarnessTaskRecord | undefined {
  const parsed = HarnessTaskRecord.safeParse(metadata.harness_task);
  return parsed.success ? parsed.data : undefined;
}
