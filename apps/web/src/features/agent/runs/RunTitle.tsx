import type { Run } from "@guilds/client/apiTypes";
import { RUN_TITLE_MAX_LENGTH } from "@guilds/protocol/runTitle";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { answer, guildsApi } from "../../../api/apiClient.ts";
import { queryKeys } from "../../../api/resourceQueries.ts";
import { runName } from "../../../runFlow/runName.ts";
import { Button } from "../../../ui/Button.tsx";
import { ErrorNotice } from "../../../ui/ErrorNotice.tsx";

/** The run's title as the page's heading, with Rename: an inline field, Enter saves, Escape leaves. */
export function RunTitle({ run }: { run: Run }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (title: string) =>
      answer(guildsApi.PATCH("/api/runs/{runId}", { params: { path: { runId: run.id } }, body: { title } })),
    onSuccess: (renamed) => {
      queryClient.setQueryData(queryKeys.run(run.id), renamed);
      void queryClient.invalidateQueries({ queryKey: queryKeys.agentRuns(run.agent_id) });
      setDraft(null);
    },
  });
  if (draft === null) {
    return (
      <div className="run-name">
        <h1 className="run-title" data-testid="run-title">
          {runName(run)}
        </h1>
        <Button variant="quiet" onClick={() => setDraft(run.title)}>
          Rename
        </Button>
      </div>
    );
  }
  const tooLong = [...draft.trim()].length > RUN_TITLE_MAX_LENGTH;
  return (
    <form
      className="run-name"
      onSubmit={(event) => {
        event.preventDefault();
        if (draft.trim() !== "" && !tooLong) rename.mutate(draft.trim());
      }}
    >
      <input
        className="run-title-input"
        aria-label="Run title"
        value={draft}
        maxLength={RUN_TITLE_MAX_LENGTH + 20}
        // biome-ignore lint/a11y/noAutofocus: the field appears because Rename was pressed
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") setDraft(null);
        }}
      />
      <Button
        type="submit"
        variant="primary"
        busy={rename.isPending}
        disabled={draft.trim() === "" || tooLong}
      >
        Save
      </Button>
      <Button variant="quiet" onClick={() => setDraft(null)}>
        Cancel
      </Button>
      {tooLong && <span className="run-title-error">At most {RUN_TITLE_MAX_LENGTH} characters.</span>}
      {rename.error !== null && <ErrorNotice error={rename.error} title="Couldn't rename the run" />}
    </form>
  );
}
