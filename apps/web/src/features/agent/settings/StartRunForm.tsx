import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type KeyboardEvent, useState } from "react";
import { useNavigate } from "react-router";
import { answer, guildsApi } from "../../../api/apiClient.ts";
import { queryKeys } from "../../../api/resourceQueries.ts";
import { Field } from "../../../ui/Field.tsx";
import { FormActions } from "../../../ui/FormActions.tsx";
import { Panel } from "../../../ui/Panel.tsx";
import { messageError } from "./runMessage.ts";

/** The operator's message that starts a run; then the run's page, where it plays live. */
export function StartRunForm({ agentId, coding }: { agentId: string; coding: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [message, setMessage] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (text: string) =>
      answer(
        guildsApi.POST("/api/agents/{agentId}/runs", {
          params: { path: { agentId } },
          body: { message: text },
        }),
      ),
    onSuccess: (run) => {
      queryClient.setQueryData(queryKeys.run(run.id), run);
      void queryClient.invalidateQueries({ queryKey: queryKeys.agentRuns(agentId) });
      void navigate(`/runs/${run.id}`);
    },
  });
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (start.isPending) return;
    const error = messageError(message);
    setProblem(error);
    if (error === null) start.mutate(message);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <Panel
      title="Start a run"
      description={
        coding
          ? "The agent works on your message with its tools; you watch every call live."
          : "The agent answers your message. Its coding tools are off: turn Coding on in its settings to offer them."
      }
    >
      <form className="form" onSubmit={submit} noValidate aria-label="Start a run">
        <Field label="Message" hint="Ctrl+Enter (⌘+Enter) starts the run." error={problem}>
          {(control) => (
            <textarea
              {...control}
              className="input start-run-message"
              rows={5}
              value={message}
              placeholder="Fix the failing test in repos/shop and open a pull request."
              onChange={(event) => {
                setMessage(event.target.value);
                setProblem(null);
              }}
              onKeyDown={onKeyDown}
            />
          )}
        </Field>
        <FormActions
          submitLabel="Start run"
          busy={start.isPending}
          error={start.error}
          errorTitle="The run did not start"
        />
      </form>
    </Panel>
  );
}
