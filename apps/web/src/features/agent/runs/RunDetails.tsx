import type { Run } from "@guilds/client/apiTypes";

/** The Run tab: the run's ids, times, status and metadata, as stored. */
export function RunDetails({ run }: { run: Run | undefined }) {
  if (run === undefined) return <p className="run-details-empty">Loading the run…</p>;
  const fields: [string, string][] = [
    ["Run", run.id],
    ["Agent", run.agent_id],
    ["Guild", run.guild_id],
    ["Status", run.status],
    ["Status reason", run.status_reason ?? "none"],
    ["Tool calls used", String(run.tool_calls_used)],
    ["Created", dateTime(run.created_at)],
    ["Updated", dateTime(run.updated_at)],
    ["Ended", run.ended_at === null ? "not yet" : dateTime(run.ended_at)],
  ];
  return (
    <div className="run-details">
      <dl className="run-details-fields">
        {fields.map(([name, value]) => (
          <div key={name} className="run-details-field">
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="run-details-heading">Metadata</h2>
      <pre className="run-details-json">{JSON.stringify(run.metadata, null, 2)}</pre>
    </div>
  );
}

function dateTime(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : `${date.toLocaleString()} (${at})`;
}
