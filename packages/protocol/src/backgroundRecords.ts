/** Where guilds-code records the background commands of an agent, under the machine's runtime dir. */
export function backgroundRecordsFolder(runtimeDir: string, agentId: string): string {
  return `${runtimeDir.replace(/\/+$/, "")}/${agentId}/background`;
}

/** The (group leader, start time) pairs a record names: the command's, and its wrapper's. */
export const BACKGROUND_GROUP_FIELDS = [
  ["pid", "start_ticks"],
  ["wrapper_pid", "wrapper_start_ticks"],
] as const;
