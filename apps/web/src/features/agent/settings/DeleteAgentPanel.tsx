import type { Agent } from "@guilds/client/apiTypes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { answer, guildsApi } from "../../../api/apiClient.ts";
import { queryKeys } from "../../../api/resourceQueries.ts";
import { ConfirmButton } from "../../../ui/ConfirmButton.tsx";
import { deletionState } from "../../../ui/deletionState.ts";
import { ErrorNotice } from "../../../ui/ErrorNotice.tsx";
import { Panel } from "../../../ui/Panel.tsx";

/** Deleting the agent, with its runs, secrets and machine; then its guild's page says what went. */
export function DeleteAgentPanel({ agent }: { agent: Agent }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () =>
      answer(guildsApi.DELETE("/api/agents/{agentId}", { params: { path: { agentId: agent.id } } })),
    onSuccess: async (deletion) => {
      await navigate(`/guilds/${agent.guild_id}`, { state: deletionState(deletion) });
      queryClient.removeQueries({ queryKey: queryKeys.agent(agent.id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.agents(agent.guild_id) });
    },
  });
  return (
    <Panel
      title="Delete the agent"
      tone="danger"
      description="Deletes its runs (messages, tool calls, events), its secrets and its machine with its home. The server refuses while a run is in progress: cancel it first."
    >
      <div>
        <ConfirmButton
          label="Delete agent…"
          prominent
          question={`Delete ${agent.name} and all its runs?`}
          confirmLabel="Delete agent"
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
      </div>
      <ErrorNotice error={remove.error} title="Couldn't delete the agent" />
    </Panel>
  );
}
