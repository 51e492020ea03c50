import { CodeSearchArgs } from "../toolArgs.ts";
import { CodeSearchMeta } from "../toolMeta.ts";
import { defineToolContract, opDeadline } from "./toolContract.ts";

export const codeSearchContract = defineToolContract({
  name: "code_search",
  args: CodeSearchArgs,
  meta: CodeSearchMeta,
  readOnly: () => true,
  repeatable: () => true,
  deadlineMs: opDeadline,
});
