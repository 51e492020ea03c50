import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { answer, guildsApi } from "../../../api/apiClient.ts";
import { queryKeys } from "../../../api/resourceQueries.ts";
import { Button } from "../../../ui/Button.tsx";
import { ErrorNotice } from "../../../ui/ErrorNotice.tsx";

/**
 * The operator's message that continues an ended run (POST /api/runs/{id}/messages). While the run
 * is running the agent is busy: the message can be written, and is sent once the run ends.
 */
export function MessageComposer({ runId, running }: { runId: string; running: boolean }) {
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
  const canSend = !running && !send.isPending && message.trim() !== "";
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
      <label htmlFor={id} className="run-composer-label">
        Message
      </label>
      <div className="run-composer-box">
        <textarea
          id={id}
          className="run-composer-input"
          rows={2}
          value={message}
          placeholder={running ? "The agent is working. Write your next message…" : "Continue the run…"}
          onChange={(event) => setMessage(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="run-composer-bar">
          <span className="run-composer-hint">
            {running ? (
              "You can send once the run ends."
            ) : (
              <>
                <kbd>Ctrl</kbd> + <kbd>Enter</kbd> to send
              </>
            )}
          </span>
          <Button
            type="submit"
            variant="primary"
            disabled={running || message.trim() === ""}
            busy={send.isPending}
          >
            Send
          </Button>
        </div>
      </div>
      <ErrorNotice error={send.error} title="Couldn't send the message" />
    </form>
  );
}
