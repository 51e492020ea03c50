import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answer, guildsApi } from "../../api/apiClient.ts";
import { queryKeys, repositoriesQuery } from "../../api/resourceQueries.ts";
import { ConfirmButton } from "../../ui/ConfirmButton.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { Panel } from "../../ui/Panel.tsx";
import { AddRepositoryForm } from "./AddRepositoryForm.tsx";

/** The guild's repositories (cloned into each agent's home at repos/<name>), adding and removing one. */
export function RepositoriesPanel({ guildId }: { guildId: string }) {
  const queryClient = useQueryClient();
  const repositories = useQuery(repositoriesQuery(guildId));
  const remove = useMutation({
    mutationFn: (repositoryId: string) =>
      answer(guildsApi.DELETE("/api/repositories/{repositoryId}", { params: { path: { repositoryId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.repositories(guildId) }),
  });
  return (
    <Panel
      title="Repositories"
      description="Cloned into each agent's home at repos/<name>. With exactly one, runs start in it."
    >
      {repositories.isPending ? (
        <Loading label="Loading repositories…" />
      ) : repositories.isError ? (
        <ErrorNotice error={repositories.error} title="Couldn't load the repositories" />
      ) : repositories.data.length === 0 ? (
        <EmptyState>No repositories yet: add one below.</EmptyState>
      ) : (
        <ul className="row-list">
          {repositories.data.map((repository) => (
            <li key={repository.id} className="repository-row">
              <div className="repository-row-main">
                <span className="repository-name">
                  <code>repos/{repository.name}</code>
                  {repository.has_token && (
                    <span className="tag" title="A token is stored (write-only); it is never shown.">
                      token
                    </span>
                  )}
                </span>
                <span
                  className="repository-source"
                  title={repository.url ?? repository.local_path ?? undefined}
                >
                  {repository.url ?? repository.local_path ?? ""}
                  {repository.url === null && <span className="repository-source-kind"> (local path)</span>}
                </span>
              </div>
              <ConfirmButton
                label="Delete"
                accessibleLabel={`Delete the repository ${repository.name}`}
                question={`Delete ${repository.name}?`}
                confirmLabel="Delete repository"
                busy={remove.isPending && remove.variables === repository.id}
                onConfirm={() => remove.mutate(repository.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <ErrorNotice error={remove.error} title="Couldn't delete the repository" />
      <AddRepositoryForm guildId={guildId} />
    </Panel>
  );
}
