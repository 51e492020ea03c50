import { fileReadContract } from "@guilds/protocol/tools/fileRead";
import type { FileReadRecord } from "../../pipeline/fileReadRecord.ts";
import { replaceRepeatedRead } from "../../pipeline/repeatedRead.ts";
import type { EarlierFileRead } from "../../store/fileReadHistory.ts";
import { runCodeOp } from "../codeOp.ts";
import { defineTool } from "../tool.ts";
import { fileReadDescription } from "./fileReadDescription.ts";

/** file_read: a range of a file's lines; a read the run already got is one line pointing to it. */
export const fileReadTool = defineTool({
  contract: fileReadContract,
  description: fileReadDescription,
  execute: (args, context) => runCodeOp(fileReadContract.name, args, context),
  async review(result, context) {
    const history = await context.earlierFileReads();
    return replaceRepeatedRead(result, history.map(asFileReadRecord));
  },
});

function asFileReadRecord(read: EarlierFileRead): FileReadRecord {
  // fileReadHistory already leaves out failed, cut and pointer reads.
  return {
    file: read.realPath ?? read.path,
    range: read.range,
    contentHash: read.contentHash,
    seq: read.seq,
    cut: false,
    pointer: false,
  };
}
