import { metaFields } from "@guilds/protocol/metaFields";
import { CodeSearchArgs, FileReadArgs, ShellArgs, ShellStatusArgs } from "@guilds/protocol/toolArgs";
import { FileReadMeta, ShellMeta } from "@guilds/protocol/toolMeta";
import type { FlowCall } from "./runFlow.ts";

/** A flow row's text: what the call does, then how it ended when that is worth a word. */
export interface ToolRowText {
  /** "Run npm test", "Check b1", "Read src/app.ts from line 40", "Search lines in src", ... */
  summary: string;
  /**
   * "exit 1", "timed out", "unchanged since step 7" (a step as the app numbers them), "failed", ...;
   * null when there is nothing to add.
   */
  outcome: string | null;
}

export type RowCall = Pick<FlowCall, "name" | "arguments" | "status" | "metadata" | "repeatOf"> &
  Partial<Pick<FlowCall, "repeatOfStep">>;

/**
 * The row of a call other than code_task, as the "Code tools" page's "Row reads" table writes it.
 * The arguments are read with the tool's own schema, as the orchestrator read them: arguments it
 * refused did nothing, so the row says "<tool>: invalid arguments" rather than what they asked for.
 * A tool the page does not name reads as its name.
 */
export function toolRowText(call: RowCall): ToolRowText {
  return { summary: summaryOf(call), outcome: outcomeOf(call) };
}

/** The first line of `text` that is not blank, trimmed; "" when every line is blank. */
export function firstLine(text: string): string {
  return (text.split("\n").find((line) => line.trim() !== "") ?? "").trim();
}

function summaryOf(call: RowCall): string {
  const args = argumentsValue(call.arguments);
  switch (call.name) {
    case "shell": {
      const parsed = ShellArgs.safeParse(args);
      if (!parsed.success) return invalidArguments(call.name);
      const verb = parsed.data.background ? "Start" : "Run";
      // A command of blanks is valid (bash runs nothing): it still needs words on its row.
      return `${verb} ${firstLine(parsed.data.command) || "(empty command)"}`;
    }
    case "shell_status": {
      const parsed = ShellStatusArgs.safeParse(args);
      if (!parsed.success) return invalidArguments(call.name);
      const { id, stop } = parsed.data;
      if (id === undefined) return "List background commands";
      return `${stop ? "Stop" : "Check"} ${id}`;
    }
    case "file_read": {
      const parsed = FileReadArgs.safeParse(args);
      if (!parsed.success) return invalidArguments(call.name);
      const { path, offset } = parsed.data;
      // offset 1 is the default, the file's start: the row reads as without it.
      return offset > 1 ? `Read ${path} from line ${offset}` : `Read ${path}`;
    }
    case "code_search": {
      const parsed = CodeSearchArgs.safeParse(args);
      if (!parsed.success) return invalidArguments(call.name);
      const { mode, path } = parsed.data;
      const what = mode === "content" ? "Search lines" : "Search files";
      return path === undefined ? what : `${what} in ${path}`;
    }
    default:
      return call.name;
  }
}

/**
 * What the row adds after the summary. A cancel or an interruption says so first, whatever the
 * command printed (a cancelled shell also ends with exit 130). Then shell's "timed out" or
 * "exit N" (not 0), and file_read's "unchanged since step N", N the step as the app numbers it. Any other failed call (invalid
 * arguments, a missing file, a helper error) reads "failed"; its result says why. A call still
 * pending or running adds nothing: its status shows that.
 */
function outcomeOf(call: RowCall): string | null {
  if (call.status === "cancelled") return "cancelled";
  if (call.status === "interrupted") return "interrupted";
  if (call.name === "shell") {
    const meta = metaFields(SHELL_OUTCOME_META, call.metadata);
    if (meta.timed_out === true) return "timed out";
    if (meta.exit_code !== undefined && meta.exit_code !== 0) return `exit ${meta.exit_code}`;
  }
  if (call.name === "file_read") {
    const repeatOf = call.repeatOf ?? metaFields(FileReadMeta, call.metadata).repeat_of;
    // The model read the earlier result's message seq; the operator reads the step the app shows.
    if (repeatOf !== undefined) return `unchanged since ${repeatedStepText(call.repeatOfStep)}`;
  }
  return call.status === "failed" ? "failed" : null;
}

/** "step 3", the app's number of the step a repeated read points to; "an earlier step" when unknown. */
export function repeatedStepText(step: number | null | undefined): string {
  return step === null || step === undefined ? "an earlier step" : `step ${step}`;
}

/** The two shell fields a row's outcome reads: each row of thousands parses these, not all five. */
const SHELL_OUTCOME_META = ShellMeta.pick({ exit_code: true, timed_out: true });

/** No arguments at all (an empty text) are read as {}, as the orchestrator reads them. */
function argumentsValue(args: unknown): unknown {
  return typeof args === "string" && args.trim() === "" ? {} : args;
}

function invalidArguments(name: string): string {
  return `${name}: invalid arguments`;
}
