import { ShellStatusArgs } from "../toolArgs.ts";
import { ShellStatusMeta } from "../toolMeta.ts";
import { defineToolContract, opDeadline } from "./toolContract.ts";

/** shell_status only reads, unless it stops a background command. */
export const shellStatusContract = defineToolContract({
  name: "shell_status",
  args: ShellStatusArgs,
  meta: ShellStatusMeta,
  readOnly: (args) => !args.stop,
  repeatable: (args) => !args.stop,
  deadlineMs: opDeadline,
});
