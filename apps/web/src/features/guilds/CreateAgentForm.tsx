import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { answer, guildsApi } from "../../api/apiClient.ts";
import { queryKeys } from "../../api/resourceQueries.ts";
import { AgentSettingsFields } from "../../ui/AgentSettingsFields.tsx";
import { buildCreateAgentBody, type CreateAgentBody, emptyAgentForm } from "../../ui/agentSettingsForm.ts";
import { FormActions } from "../../ui/FormActions.tsx";
import { Panel } from "../../ui/Panel.tsx";
import { useFormValues } from "../../ui/useFormValues.ts";

/** A new agent in the guild; once the server has it, its page (where a run starts). */
export function CreateAgentForm({ guildId }: { guildId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useFormValues(emptyAgentForm);
  const create = useMutation({
    mutationFn: (body: CreateAgentBody) =>
      answer(guildsApi.POST("/api/guilds/{guildId}/agents", { params: { path: { guildId } }, body })),
    onSuccess: async (agent) => {
      queryClient.setQueryData(queryKeys.agent(agent.id), agent);
      await queryClient.invalidateQueries({ queryKey: queryKeys.agents(guildId) });
      void navigate(`/agents/${agent.id}`);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = buildCreateAgentBody(form.values);
    if (!outcome.ok) {
      form.refuse(event, outcome.errors);
      return;
    }
    create.mutate(outcome.body);
  };
  const problems = Object.keys(form.errors).length;
  return (
    <Panel
      title="Create an agent"
      description="Its model plans and calls the tools; its harness does the coding work it hands over."
    >
      <form className="form" onSubmit={submit} noValidate aria-label="Create an agent">
        <AgentSettingsFields values={form.values} errors={form.errors} onChange={form.change} />
        <FormActions
          submitLabel="Create agent"
          busy={create.isPending}
          error={create.error}
          errorTitle="The server did not create the agent"
        >
          {problems > 0 && (
            <span className="form-problems" role="status">
              {problems === 1 ? "One field needs a fix" : `${problems} fields need a fix`}: see the messages
              above.
            </span>
          )}
        </FormActions>
      </form>
    </Panel>
  );
}
