import type { Agent } from "@guilds/client/apiTypes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { answer, guildsApi } from "../../../api/apiClient.ts";
import { queryKeys } from "../../../api/resourceQueries.ts";
import { AgentSettingsFields, HARNESS_FIELD_ID } from "../../../ui/AgentSettingsFields.tsx";
import { agentFormOf, buildUpdateAgentBody, type UpdateAgentBody } from "../../../ui/agentSettingsForm.ts";
import { Button } from "../../../ui/Button.tsx";
import { FormActions } from "../../../ui/FormActions.tsx";
import { machineLimitPlaceholders } from "../../../ui/machineLimitsForm.ts";
import { Panel } from "../../../ui/Panel.tsx";
import { useFormValues } from "../../../ui/useFormValues.ts";

/**
 * The agent's settings, changed with PATCH /api/agents/{id}. The form starts from the agent as
 * loaded and is not overwritten while the operator edits; saving (or Discard) brings it back in
 * line with the server. The coding flag is read at each generation, so it applies to running runs.
 */
export function AgentSettingsForm({ agent }: { agent: Agent }) {
  const queryClient = useQueryClient();
  const form = useFormValues(() => agentFormOf(agent));
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (body: UpdateAgentBody) =>
      answer(guildsApi.PATCH("/api/agents/{agentId}", { params: { path: { agentId: agent.id } }, body })),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.agent(updated.id), updated);
      form.reset(agentFormOf(updated));
      setSaved(true);
      return queryClient.invalidateQueries({ queryKey: queryKeys.agents(updated.guild_id) });
    },
  });
  // A link to #harness (a code task refused for want of one) lands in the Harness field.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash !== `#${HARNESS_FIELD_ID}`) return;
    document.querySelector<HTMLElement>(`#${HARNESS_FIELD_ID} select`)?.focus();
  }, [hash]);
  const dirty = JSON.stringify(form.values) !== JSON.stringify(agentFormOf(agent));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const outcome = buildUpdateAgentBody(form.values);
    if (!outcome.ok) {
      form.refuse(event, outcome.errors);
      return;
    }
    save.mutate(outcome.body);
  };
  return (
    <Panel
      title="Settings"
      description="Changes apply from the agent's next generation, in running runs too."
    >
      <form className="form" onSubmit={submit} noValidate aria-label="Agent settings">
        <AgentSettingsFields
          machineLimitPlaceholders={machineLimitPlaceholders(agent.effective_limits)}
          values={form.values}
          errors={form.errors}
          onChange={(patch) => {
            setSaved(false);
            form.change(patch);
          }}
        />
        <FormActions
          submitLabel="Save settings"
          busy={save.isPending}
          disabled={!dirty && !save.isPending}
          error={save.error}
          errorTitle="The server did not save the settings"
        >
          {dirty && (
            <Button
              variant="quiet"
              onClick={() => {
                save.reset();
                form.reset(agentFormOf(agent));
              }}
            >
              Discard changes
            </Button>
          )}
          {saved && !dirty && (
            <span className="form-status" role="status">
              Saved.
            </span>
          )}
        </FormActions>
      </form>
    </Panel>
  );
}
