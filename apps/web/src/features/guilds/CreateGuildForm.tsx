import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { answer, guildsApi } from "../../api/apiClient.ts";
import { queryKeys } from "../../api/resourceQueries.ts";
import { Button } from "../../ui/Button.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { Field } from "../../ui/Field.tsx";
import { guildNameError } from "./guildForm.ts";

/** A new guild, by name; then its page, where its repositories and agents are added. */
export function CreateGuildForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (guildName: string) => answer(guildsApi.POST("/api/guilds", { body: { name: guildName } })),
    onSuccess: async (guild) => {
      queryClient.setQueryData(queryKeys.guild(guild.id), guild);
      await queryClient.invalidateQueries({ queryKey: queryKeys.guilds });
      void navigate(`/guilds/${guild.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = guildNameError(name);
    setError(problem);
    if (problem === null) create.mutate(name.trim());
  };
  return (
    <form className="form guild-create" onSubmit={submit} noValidate aria-label="Create a guild">
      <h3 className="form-title">Create a guild</h3>
      <div className="guild-create-row">
        <Field label="Guild name" error={error}>
          {(control) => (
            <input
              {...control}
              className="input"
              value={name}
              placeholder="acme"
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
              autoComplete="off"
            />
          )}
        </Field>
        <Button type="submit" variant="primary" busy={create.isPending}>
          Create guild
        </Button>
      </div>
      <ErrorNotice error={create.error} title="Couldn't create the guild" />
    </form>
  );
}
