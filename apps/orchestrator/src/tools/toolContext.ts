import type { HarnessName } from "@guilds/protocol/harness";
import type { Machine } from "../machines/machine.ts";
import type { Redactor } from "../pipeline/redactor.ts";
import type { EarlierFileRead } from "../store/fileReadHistory.ts";
import type { HarnessTaskMetadata } from "../store/runStore.ts";
import type { HelperTransport } from "../toolbox/helperTransport.ts";
import type { CodeTaskDeps } from "./codeTask/harnessOps.ts";

/** The agent a call runs for, as its settings are now. */
export interface ToolAgent {
  id: string;
  guildId: string;
  harness: HarnessName | null;
  harnessModel: string | null;
  harnessEffort: string | null;
}

/** The guild's repositories as a call sees them: their names, and what gets them ready for git. */
export interface ToolRepositories {
  names: readonly string[];
  /** Clones repos/<name> into the home when it is not there yet. */
  ensureCloned(name: string): Promise<void>;
  /** Puts the repositories' tokens where git inside the machine finds them. */
  refreshTokens(): Promise<void>;
}

/**
 * Everything one tool call may use, the same for every tool: where it runs, for whom, the
 * agent's secrets and tokens, the result cap, the cancel, and the ways to report back to its run.
 */
export interface ToolContext {
  machine: Machine;
  runId: string;
  /** The tool call row's id: the helper's call id (log and prompt file names, checkpoint refs). */
  callId: string;
  agent: ToolAgent;
  /** "repos/<name>" when the guild has exactly one repository, else "" (see defaultWorkingDirectory). */
  defaultCwd: string;
  /** The agent's secrets under their names and aliases, for every command it runs. */
  secrets: Readonly<Record<string, string>>;
  /** Token per repository name, for GH_TOKEN. */
  repoTokens: Readonly<Record<string, string>>;
  /** The run's secret values and repository tokens: live progress passes through it. */
  redactor: Redactor;
  /** CODE_RESULT_MAX_BYTES. */
  maxBytes: number;
  repositories: ToolRepositories;
  /**
   * The run's cancel. A check tool's helper stops a foreground command the way its timeout would:
   * the result is what the command printed, then "[cancelled; the command was stopped]" and
   * exit_code: 130, with meta.cancelled. A helper that does not answer in time fails the call with
   * helper.cancelled.
   */
  signal: AbortSignal;
  /** How guilds-code requests reach the helper (the long-lived one or one process per call). */
  helpers: HelperTransport;
  /** What every code_task of the server shares: the guilds-harness transport, notes, settings. */
  codeTasks: CodeTaskDeps;
  /** Publishes tool.progress for this call: live only, never stored. */
  progress(lines: string[], sessionId: string | null): void;
  /** Sets the run's metadata.harness_task (a task's artifacts, found again after a crash), or removes it with null. */
  recordTask(task: HarnessTaskMetadata | null): Promise<void>;
  /** This run's earlier file_read results that de-duplication compares with. */
  earlierFileReads(): Promise<EarlierFileRead[]>;
}
