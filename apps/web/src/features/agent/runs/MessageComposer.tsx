import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { answer, guildsApi } from "../../../api/apiClient.ts";
import { queryKeys } from "../../../api/resourceQueries.ts";
import type { FlowQueuedMessage } from "../../../runFlow/runFlow.ts";
import { Button } from "../../../ui/Button.tsx";
import { ErrorNotice } from "../../../ui/ErrorNotice.tsx";
import { QueuedMessages } from "./QueuedMessages.tsx";

/**
 * The operator's message (POST /api/runs/{id}/messages): it continues an ended run; sent while the
 * run works, it is queued, shown above the box until the agent reads it at its next step.
 */
export function MessageComposer({
  runId,
  running,
  queued,
  client,
}: {
  runId: string;
  running: boolean;
  queued: readonly FlowQueuedMessage[];
  /** "over MCP from <client>" for a run an MCP client drives: it takes no message while it runs. */
  client: string | null;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState("");
  const send = useMutation({
    mutationFn: (text: string) =>
      answer(
        guildsApi.POST("/api/runs/{runId}/messages", {
          params: { path: { runId } },
          body: { message: text },
        }),
      ),
    onSuccess: (run) => {
      setMessage("");
      queryClient.setQueryData(queryKeys.run(runId), run);
    },
  });
  const refused = running && client !== null;
  const canSend = !refused && !send.isPending && message.trim() !== "";
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSend) send.mutate(message);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form className="run-composer" onSubmit={submit}>
      <QueuedMessages queued={queued} running={running} />
      <label htmlFor={id} className="run-composer-label">
        Message
      </label>
      <div className="run-composer-box">
        <textarea
          id={id}
          className="run-composer-input"
          rows={2}
          value={message}
          disabled={refused}
          placeholder={
            running ? "The agent is working. Steer it: it reads this at its next step…" : "Continue the run…"
          }
          onChange={(event) => setMessage(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="run-composer-bar">
          <span className="run-composer-hint">
            {refused ? (
              `Its calls come ${client}: end that session, or cancel the run, to write to it.`
            ) : (
              <>
                <kbd>Ctrl</kbd> + <kbd>Enter</kbd> to{" "}
                {running ? "queue it for the agent's next step" : "send"}
              </>
            )}
          </span>
          <Button
            type="submit"
            variant="primary"
            disabled={refused || message.trim() === ""}
            busy={send.isPending}
          >
            {running ? "Queue" : "Send"}
          </Button>
        </div>
      </div>
      <ErrorNotice error={send.error} title="Couldn't send the message" />
    </form>
  );
}
