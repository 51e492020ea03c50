import { CodeTaskArgs } from "../toolArgs.ts";
import { CodeTaskMeta } from "../toolMeta.ts";
import { defineToolContract } from "./toolContract.ts";

/**
 * code_task drives a harness that changes the repository: never read-only, never sent twice. Its
 * deadline is its own timeout; each of its guilds-harness ops has the harness op timeout.
 */
export const codeTaskContract = defineToolContract({
  name: "code_task",
  args: CodeTaskArgs,
  meta: CodeTaskMeta,
  readOnly: () => false,
  repeatable: () => false,
  deadlineMs: (args) => args.timeout_minutes * 60_000,
});
