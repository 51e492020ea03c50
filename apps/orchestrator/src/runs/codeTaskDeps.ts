import type { HarnessName } from "@guilds/protocol/harness";
import type { NoteReader } from "../notes/noteReader.ts";
import { createHarnessTransport } from "../toolbox/harness/harnessTransport.ts";
import { PAGE_TIMING, type TaskTiming } from "../toolbox/harness/taskTiming.ts";
import type { HelperTransport } from "../toolbox/helperTransport.ts";

/** What every code_task of the engine shares. */
export interface CodeTaskDeps {
  /** The guilds-harness transport. */
  harnesses: HelperTransport;
  notes: NoteReader;
  /** GUILDS_HARNESSES_OFF. */
  harnessesOff: readonly HarnessName[];
  timing: TaskTiming;
}

/** The run service's choices for code_task; tests shorten the timing or put a transport in between. */
export interface CodeTaskOptions {
  timing?: Partial<TaskTiming>;
  harnesses?: HelperTransport;
}

export function createCodeTaskDeps(input: {
  notes: NoteReader;
  harnessesOff: readonly HarnessName[] | undefined;
  options: CodeTaskOptions | undefined;
}): CodeTaskDeps {
  return {
    harnesses: input.options?.harnesses ?? createHarnessTransport(),
    notes: input.notes,
    harnessesOff: input.harnessesOff ?? [],
    timing: { ...PAGE_TIMING, ...input.options?.timing },
  };
}
