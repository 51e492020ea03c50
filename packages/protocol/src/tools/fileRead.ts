import { FileReadArgs } from "../toolArgs.ts";
import { FileReadMeta } from "../toolMeta.ts";
import { defineToolContract, opDeadline } from "./toolContract.ts";

export const fileReadContract = defineToolContract({
  name: "file_read",
  args: FileReadArgs,
  meta: FileReadMeta,
  readOnly: () => true,
  repeatable: () => true,
  deadlineMs: opDeadline,
});
