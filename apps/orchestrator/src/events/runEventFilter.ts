import type { RunEventEnvelope, RunEventType } from "@guilds/protocol/runEvents";

/**
 * Which events a subscriber receives: one run's, every run's of one guild, or only the starts and
 * ends of every run (of one guild, when it names one): what the runs board follows. The last is
 * live only: it has no replay, a client reads the board again when it (re)connects.
 */
export type RunEventFilter = { runId: string } | { guildId: string } | { lifecycle: true; guildId?: string };

/** The events a lifecycle subscriber receives. */
export const RUN_LIFECYCLE_EVENTS: readonly RunEventType[] = ["run.started", "run.ended"];

export function matchesFilter(filter: RunEventFilter, event: RunEventEnvelope): boolean {
  if ("runId" in filter) return event.run_id === filter.runId;
  if ("lifecycle" in filter) {
    return (
      RUN_LIFECYCLE_EVENTS.includes(event.data.type) &&
      (filter.guildId === undefined || event.guild_id === filter.guildId)
    );
  }
  return event.guild_id === filter.guildId;
}
