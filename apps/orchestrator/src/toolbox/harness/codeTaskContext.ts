import type { HarnessName } from "@guilds/protocol/harness";
import type { Machine } from "../../machines/machine.ts";
import type { NoteReader } from "../../notes/noteReader.ts";
import type { Redactor } from "../../pipeline/redactor.ts";
import type { HarnessTaskMetadata } from "../../store/runStore.ts";
import type { HelperTransport } from "../helperTransport.ts";
import type { TaskTiming } from "./taskTiming.ts";

/** What one code_task call needs: where it runs, for whom, and the run it reports to. */
export interface CodeTaskContext {
  machine: Machine;
  runId: string;
  /** The tool call row's id: the helper's call id (log and prompt file names, checkpoint refs). */
  callId: string;
  agent: {
    id: string;
    guildId: string;
    harness: HarnessName | null;
    harnessModel: string | null;
    harnessEffort: string | null;
  };
  repositoryNames: readonly string[];
  /** Clones repos/<name> into the home when it is not there yet. */
  ensureCloned(repository: string): Promise<void>;
  /** Puts the repositories' tokens where git inside the machine finds them (before start and each poll). */
  refreshTokens(): Promise<void>;
  /** The agent's secrets under their names and aliases. */
  secrets: Readonly<Record<string, string>>;
  /** The run's secret values and repository tokens: progress lines pass through it. */
  redactor: Redactor;
  /** CODE_RESULT_MAX_BYTES. */
  maxBytes: number;
  /** GUILDS_HARNESSES_OFF. */
  harnessesOff: readonly HarnessName[];
  /** The guilds-harness transport. */
  harnesses: HelperTransport;
  notes: NoteReader;
  /** Sets the run's metadata.harness_task, or removes it with null. */
  recordTask(task: HarnessTaskMetadata | null): Promise<void>;
  /** Publishes tool.progress for this call: live only, never stored. */
  publishProgress(lines: string[], sessionId: string | null): void;
  timing: TaskTiming;
  /** The generation's cancel. */
  signal: AbortSignal;
}
