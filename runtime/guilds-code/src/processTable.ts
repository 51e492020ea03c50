// Moved to @guilds/protocol/processTable, which guilds-harness shares; kept here for this helper's tests.
export {
  groupHasLiveMembers,
  isProcessLive,
  type ProcessInfo,
  readProcess,
} from "@guilds/protocol/processTable";
