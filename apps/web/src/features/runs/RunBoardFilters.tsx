import { RunBoardStatus } from "@guilds/protocol/runBoardViews";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { agentsQuery, guildsQuery } from "../../api/resourceQueries.ts";
import type { RunBoardFilters as Filters } from "../../api/runBoardQueries.ts";
import { SelectField } from "../../ui/SelectField.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { toggledStatus } from "./boardFilters.ts";

/** Typing is searched once it pauses this long, not at every key. */
const SEARCH_PAUSE_MS = 300;

/** The board's filters: statuses (any of them), a guild, one of its agents, and a search. */
export function RunBoardFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (next: Filters) => void;
}) {
  const guilds = useQuery(guildsQuery());
  const agents = useQuery({ ...agentsQuery(filters.guildId ?? ""), enabled: filters.guildId !== null });
  const [search, setSearch] = useState(filters.search);

  useEffect(() => setSearch(filters.search), [filters.search]);
  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => onChange({ ...filters, search }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  return (
    <div className="board-filters">
      <fieldset className="board-statuses">
        <legend>Status</legend>
        {RunBoardStatus.options.map((status) => (
          <button
            key={status}
            type="button"
            className={`board-status-toggle run-status-${status}`}
            aria-pressed={filters.statuses.includes(status)}
            onClick={() => onChange(toggledStatus(filters, status))}
          >
            <span className="run-status-dot" aria-hidden="true" />
            {status}
          </button>
        ))}
      </fieldset>
      <div className="board-selects">
        <SelectField
          label="Guild"
          value={filters.guildId ?? ""}
          options={[
            { value: "", label: "All guilds" },
            ...(guilds.data ?? []).map((guild) => ({ value: guild.id, label: guild.name })),
          ]}
          onChange={(guildId) => onChange({ ...filters, guildId: guildId || null, agentId: null })}
        />
        <SelectField
          label="Agent"
          hint={filters.guildId === null ? "Choose a guild to choose one of its agents." : undefined}
          value={filters.agentId ?? ""}
          options={[
            { value: "", label: "All agents" },
            ...(agents.data ?? []).map((agent) => ({ value: agent.id, label: agent.name })),
          ]}
          onChange={(agentId) => onChange({ ...filters, agentId: agentId || null })}
        />
        <TextField
          label="Search"
          hint="In titles and in what the operator and the model wrote."
          value={search}
          placeholder="deploy, parser, …"
          onChange={setSearch}
        />
      </div>
    </div>
  );
}
