import type { Secret } from "@guilds/client/apiTypes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { answer, guildsApi } from "../api/apiClient.ts";
import { queryKeys, type SecretOwner, secretsQuery } from "../api/resourceQueries.ts";
import { Button } from "./Button.tsx";
import { ConfirmButton } from "./ConfirmButton.tsx";
import { EmptyState } from "./EmptyState.tsx";
import { ErrorNotice } from "./ErrorNotice.tsx";
import { FormActions } from "./FormActions.tsx";
import { Loading } from "./Loading.tsx";
import { Panel } from "./Panel.tsx";
import { buildSetSecretRequest, emptySecretForm, type SetSecretRequest } from "./secretForm.ts";
import { TextField } from "./TextField.tsx";
import { Timestamp } from "./Timestamp.tsx";
import { useFormValues } from "./useFormValues.ts";
import "./secrets.css";

const DESCRIPTIONS = {
  guild:
    "Given to every command of the guild's agents as environment variables, under their names and aliases. Values are write-only: never shown again.",
  agent:
    "Given to this agent's commands as environment variables; an agent's secret wins over its guild's of the same name. Values are write-only.",
};

/**
 * A guild's or an agent's secrets, write-only: names, aliases and dates are listed; a value is
 * typed once into a password field, sent, and never shown again.
 */
export function SecretsPanel({ owner, ownerId }: { owner: SecretOwner; ownerId: string }) {
  const queryClient = useQueryClient();
  const secrets = useQuery(secretsQuery(owner, ownerId));
  const form = useFormValues(emptySecretForm);
  const [saved, setSaved] = useState<string | null>(null);
  const valueInput = useRef<HTMLInputElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  const invalidate = () => queryClient.invalidateQueries({ queryKey: queryKeys.secrets(owner, ownerId) });
  const setSecret = useMutation({
    mutationFn: ({ name, body }: SetSecretRequest) =>
      answer(
        owner === "guild"
          ? guildsApi.PUT("/api/guilds/{guildId}/secrets/{name}", {
              params: { path: { guildId: ownerId, name } },
              body,
            })
          : guildsApi.PUT("/api/agents/{agentId}/secrets/{name}", {
              params: { path: { agentId: ownerId, name } },
              body,
            }),
      ),
    onSuccess: (secret) => {
      form.reset(emptySecretForm());
      setSaved(secret.name);
      nameInput.current?.focus();
      return invalidate();
    },
  });
  const deleteSecret = useMutation({
    mutationFn: (name: string) =>
      answer(
        owner === "guild"
          ? guildsApi.DELETE("/api/guilds/{guildId}/secrets/{name}", {
              params: { path: { guildId: ownerId, name } },
            })
          : guildsApi.DELETE("/api/agents/{agentId}/secrets/{name}", {
              params: { path: { agentId: ownerId, name } },
            }),
      ),
    onSuccess: () => invalidate(),
  });

  const existing = secrets.data?.find((secret) => secret.name === form.values.name.trim());

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(null);
    const outcome = buildSetSecretRequest(form.values);
    if (!outcome.ok) {
      form.refuse(event, outcome.errors);
      return;
    }
    setSecret.mutate(outcome.request);
  };

  const replace = (secret: Secret) => {
    setSaved(null);
    form.reset({ name: secret.name, value: "", aliases: secret.aliases.join(", ") });
    valueInput.current?.focus();
  };

  return (
    <Panel title="Secrets" description={DESCRIPTIONS[owner]}>
      {secrets.isPending ? (
        <Loading label="Loading secrets…" />
      ) : secrets.isError ? (
        <ErrorNotice error={secrets.error} title="Couldn't load the secrets" />
      ) : secrets.data.length === 0 ? (
        <EmptyState>No secrets yet: set one below.</EmptyState>
      ) : (
        <ul className="row-list">
          {secrets.data.map((secret) => (
            <li key={secret.id} className="secret-row">
              <div className="secret-row-main">
                <code className="secret-name">{secret.name}</code>
                {secret.aliases.length > 0 && (
                  <span className="secret-aliases">
                    also{" "}
                    {secret.aliases.map((alias) => (
                      <code key={alias}>{alias}</code>
                    ))}
                  </span>
                )}
                <span className="secret-date">
                  <Timestamp iso={secret.updated_at} prefix="set" />
                </span>
              </div>
              <div className="secret-row-actions">
                <Button
                  variant="quiet"
                  onClick={() => replace(secret)}
                  aria-label={`Replace the value of ${secret.name}`}
                >
                  Replace
                </Button>
                <ConfirmButton
                  label="Delete"
                  accessibleLabel={`Delete the secret ${secret.name}`}
                  question={`Delete ${secret.name}?`}
                  confirmLabel="Delete secret"
                  busy={deleteSecret.isPending && deleteSecret.variables === secret.name}
                  onConfirm={() => deleteSecret.mutate(secret.name)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <ErrorNotice error={deleteSecret.error} title="Couldn't delete the secret" />

      <form
        className="form secret-form"
        onSubmit={submit}
        noValidate
        aria-label={`Set a secret of the ${owner}`}
      >
        <h3 className="form-title">Set a secret</h3>
        <div className="field-row">
          <TextField
            ref={nameInput}
            label="Name"
            error={form.errors.name}
            mono
            value={form.values.name}
            placeholder="GITHUB_TOKEN"
            autoCapitalize="characters"
            onChange={(name) => form.change({ name })}
          />
          <TextField
            ref={valueInput}
            label="Value"
            hint={existing === undefined ? "Write-only." : `Replaces the value of ${existing.name}.`}
            error={form.errors.value}
            mono
            type="password"
            value={form.values.value}
            onChange={(value) => form.change({ value })}
          />
        </div>
        <TextField
          label="Aliases"
          optional
          hint="More environment variable names for the same value, separated by commas."
          error={form.errors.aliases}
          mono
          value={form.values.aliases}
          placeholder="GH_TOKEN"
          onChange={(aliases) => form.change({ aliases })}
        />
        <FormActions
          submitLabel={existing === undefined ? "Save secret" : "Replace value"}
          busy={setSecret.isPending}
          error={setSecret.error}
          errorTitle="Couldn't save the secret"
        >
          {saved !== null && (
            <span className="form-status" role="status">
              Saved {saved}. Its value is not shown again.
            </span>
          )}
        </FormActions>
      </form>
    </Panel>
  );
}
