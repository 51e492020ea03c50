import { ShellArgs } from "../toolArgs.ts";
import { ShellBackgroundMeta, ShellMeta } from "../toolMeta.ts";
import { defineToolContract } from "./toolContract.ts";

/** shell acts on the machine (foreground or background): never read-only, never sent twice. */
export const shellContract = defineToolContract({
  name: "shell",
  args: ShellArgs,
  meta: ShellMeta.or(ShellBackgroundMeta),
  readOnly: () => false,
  repeatable: () => false,
  deadlineMs: (args, deadlines) => args.timeout_seconds * 1000 + deadlines.shellExtraMs,
});
