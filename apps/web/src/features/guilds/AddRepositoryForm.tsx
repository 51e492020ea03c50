import type { CreateRepositoryBodyInput } from "@guilds/protocol/apiRequests";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId } from "react";
import { answer, guildsApi } from "../../api/apiClient.ts";
import { queryKeys } from "../../api/resourceQueries.ts";
import { FormActions } from "../../ui/FormActions.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { useFormValues } from "../../ui/useFormValues.ts";
import {
  buildRepositoryBody,
  emptyRepositoryForm,
  type RepositorySource,
  repositoryNameFromSource,
} from "./repositoryForm.ts";

const SOURCES: { value: RepositorySource; label: string }[] = [
  { value: "url", label: "Git URL" },
  { value: "local", label: "Local path" },
];

/** A repository by git URL (and an optional, write-only token) or by a path on the server's host. */
export function AddRepositoryForm({ guildId }: { guildId: string }) {
  const queryClient = useQueryClient();
  const form = useFormValues(emptyRepositoryForm);
  const sourceName = useId();
  const add = useMutation({
    mutationFn: (body: CreateRepositoryBodyInput) =>
      answer(guildsApi.POST("/api/guilds/{guildId}/repositories", { params: { path: { guildId } }, body })),
    onSuccess: () => {
      form.reset(emptyRepositoryForm());
      return queryClient.invalidateQueries({ queryKey: queryKeys.repositories(guildId) });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = buildRepositoryBody(form.values);
    if (!outcome.ok) {
      form.refuse(event, outcome.errors);
      return;
    }
    add.mutate(outcome.body);
  };
  /** Until a name is typed, the name follows the source's last segment, as git clone names it. */
  const changeSource = (patch: { url?: string; localPath?: string }) => {
    const previous = repositoryNameFromSource(
      patch.url !== undefined ? form.values.url : form.values.localPath,
    );
    const next = repositoryNameFromSource(patch.url ?? patch.localPath ?? "");
    form.change(form.values.name === "" || form.values.name === previous ? { ...patch, name: next } : patch);
  };
  const { values, errors } = form;
  return (
    <form className="form repository-form" onSubmit={submit} noValidate aria-label="Add a repository">
      <h3 className="form-title">Add a repository</h3>
      <fieldset className="segmented">
        <legend className="visually-hidden">Source</legend>
        {SOURCES.map((source) => (
          <label key={source.value} className="segmented-option">
            <input
              type="radio"
              name={sourceName}
              value={source.value}
              checked={values.source === source.value}
              onChange={() => form.change({ source: source.value })}
            />
            <span>{source.label}</span>
          </label>
        ))}
      </fieldset>
      {values.source === "url" ? (
        <>
          <TextField
            label="URL"
            error={errors.url}
            mono
            value={values.url}
            placeholder="https://github.com/acme/shop.git"
            onChange={(url) => changeSource({ url })}
          />
          <TextField
            label="Token"
            optional
            hint="For a private remote. Write-only: stored encrypted, never shown again."
            mono
            type="password"
            value={values.token}
            onChange={(token) => form.change({ token })}
          />
        </>
      ) : (
        <TextField
          label="Local path"
          hint="A git repository on the server's host."
          error={errors.localPath}
          mono
          value={values.localPath}
          placeholder="/srv/git/shop"
          onChange={(localPath) => changeSource({ localPath })}
        />
      )}
      <TextField
        label="Name"
        hint="Its folder in each agent's home: repos/<name>."
        error={errors.name}
        mono
        value={values.name}
        placeholder="shop"
        onChange={(name) => form.change({ name })}
      />
      <FormActions
        submitLabel="Add repository"
        busy={add.isPending}
        error={add.error}
        errorTitle="Couldn't add the repository"
      />
    </form>
  );
}
