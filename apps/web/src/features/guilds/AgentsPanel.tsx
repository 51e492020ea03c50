import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { agentsQuery } from "../../api/resourceQueries.ts";
import { AgentTags } from "../../ui/AgentTags.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { Panel } from "../../ui/Panel.tsx";

/** The guild's agents, each a card leading to its page (its runs and settings). */
export function AgentsPanel({ guildId }: { guildId: string }) {
  const agents = useQuery(agentsQuery(guildId));
  return (
    <Panel
      title="Agents"
      description="Each agent has its own sandboxed machine, model and harness. Open one to start a run."
    >
      {agents.isPending ? (
        <Loading label="Loading agents…" />
      ) : agents.isError ? (
        <ErrorNotice error={agents.error} title="Couldn't load the agents" />
      ) : agents.data.length === 0 ? (
        <EmptyState>No agents yet: create one below.</EmptyState>
      ) : (
        <ul className="agent-cards">
          {agents.data.map((agent) => (
            <li key={agent.id} className="agent-card">
              <Link to={`/agents/${agent.id}`} className="agent-card-link">
                {agent.name}
              </Link>
              <AgentTags agent={agent} />
              <span className="agent-card-meta">
                up to {agent.max_tool_calls} tool calls a run · machine stops after {agent.idle_stop_minutes}{" "}
                min idle
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
