import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { agentQuery } from "../../../api/resourceQueries.ts";
import { AgentTags } from "../../../ui/AgentTags.tsx";
import { ErrorNotice } from "../../../ui/ErrorNotice.tsx";
import { Loading } from "../../../ui/Loading.tsx";
import { PageColumns } from "../../../ui/PageColumns.tsx";
import { PageHeader } from "../../../ui/PageHeader.tsx";
import { SecretsPanel } from "../../../ui/SecretsPanel.tsx";
import { AgentSettingsForm } from "./AgentSettingsForm.tsx";
import { DeleteAgentPanel } from "./DeleteAgentPanel.tsx";
import { RunsList } from "./RunsList.tsx";
import { StartRunForm } from "./StartRunForm.tsx";
import "./agentSettings.css";

/** One agent: start a run, its runs, its settings and secrets, deleting it. */
export function AgentPage() {
  const { agentId = "" } = useParams();
  const agent = useQuery(agentQuery(agentId));

  if (agent.isPending) {
    return (
      <div className="page">
        <Loading label="Loading the agent…" />
      </div>
    );
  }
  if (agent.isError) {
    return (
      <div className="page">
        <ErrorNotice error={agent.error} title="Couldn't load the agent" />
        <p>
          <Link to="/">Back to the guilds</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page">
      <PageHeader kicker="Agent" title={agent.data.name} meta={<AgentTags agent={agent.data} />} />
      <PageColumns
        main={
          <>
            <StartRunForm agentId={agentId} coding={agent.data.coding} />
            <RunsList agentId={agentId} maxToolCalls={agent.data.max_tool_calls} />
            <AgentSettingsForm agent={agent.data} />
          </>
        }
        side={
          <>
            <SecretsPanel owner="agent" ownerId={agentId} />
            <DeleteAgentPanel agent={agent.data} />
          </>
        }
      />
    </div>
  );
}
