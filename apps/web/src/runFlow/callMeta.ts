import { type MetaFields, metaFields } from "@guilds/protocol/metaFields";
import { CodeTaskMeta, ShellBackgroundMeta, ShellMeta } from "@guilds/protocol/toolMeta";
import type { FlowCall } from "./runFlow.ts";

/*
 * A call's metadata and arguments as the views read them: the metadata through its tool's schema in
 * the protocol (metaFields), the arguments, which are the model's own JSON, one text at a time.
 */

/** shell's metadata: a command's in the foreground, or a background start's. */
export const ShellCallMeta = ShellMeta.extend(ShellBackgroundMeta.shape);

export type CodeTaskMetaFields = MetaFields<typeof CodeTaskMeta.shape>;

/** A code_task's metadata: the fields its result gave (none while it runs). */
export function codeTaskMeta(call: Pick<FlowCall, "metadata">): CodeTaskMetaFields {
  return metaFields(CodeTaskMeta, call.metadata);
}

/** A text, or null when it is absent or empty. */
export function filled(text: string | null | undefined): string | null {
  return text === null || text === undefined || text === "" ? null : text;
}

/** One text argument of a call; null when the arguments hold none (or are not an object). */
export function argumentText(args: unknown, key: string): string | null {
  if (typeof args !== "object" || args === null) return null;
  const value: unknown = new Map(Object.entries(args)).get(key);
  return typeof value === "string" ? filled(value) : null;
}
