import type { Deletion } from "@guilds/client/apiTypes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { answer, guildsApi } from "../../api/apiClient.ts";
import { guildsQuery, queryKeys } from "../../api/resourceQueries.ts";
import { ConfirmButton } from "../../ui/ConfirmButton.tsx";
import { DeletionNotice } from "../../ui/DeletionNotice.tsx";
import { useHandedDeletion } from "../../ui/deletionState.ts";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { Panel } from "../../ui/Panel.tsx";
import { Timestamp } from "../../ui/Timestamp.tsx";
import { CreateGuildForm } from "./CreateGuildForm.tsx";
import "./guilds.css";

/** The home page: every guild of this server, a way to make one, and to delete an empty one. */
export function GuildsPage() {
  const queryClient = useQueryClient();
  const guilds = useQuery(guildsQuery());
  const [handed, dismissHanded] = useHandedDeletion();
  const [deleted, setDeleted] = useState<Deletion | null>(null);
  const deleteGuild = useMutation({
    mutationFn: (guildId: string) =>
      answer(guildsApi.DELETE("/api/guilds/{guildId}", { params: { path: { guildId } } })),
    onSuccess: (deletion) => {
      setDeleted(deletion);
      queryClient.removeQueries({ queryKey: queryKeys.guild(deletion.id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.guilds });
    },
  });
  const notice = deleted ?? handed;

  return (
    <div className="page">
      <PageHeader
        title="Guilds"
        meta="A guild is a workspace: its repositories, its agents and the secrets they share."
      />
      {notice !== null && (
        <DeletionNotice
          deletion={notice}
          onDismiss={() => {
            setDeleted(null);
            dismissHanded();
          }}
        />
      )}
      <Panel title="All guilds">
        {guilds.isPending ? (
          <Loading label="Loading guilds…" />
        ) : guilds.isError ? (
          <ErrorNotice error={guilds.error} title="Couldn't load the guilds" />
        ) : guilds.data.length === 0 ? (
          <EmptyState>No guilds yet: create the first one below.</EmptyState>
        ) : (
          <ul className="row-list">
            {guilds.data.map((guild) => (
              <li key={guild.id} className="guild-row">
                <div className="guild-row-main">
                  <Link to={`/guilds/${guild.id}`} className="guild-row-name">
                    {guild.name}
                  </Link>
                  <span className="guild-row-meta">
                    <Timestamp iso={guild.created_at} prefix="created" />
                  </span>
                </div>
                <ConfirmButton
                  label="Delete"
                  accessibleLabel={`Delete the guild ${guild.name}`}
                  question={`Delete ${guild.name} with its repositories and secrets?`}
                  confirmLabel="Delete guild"
                  busy={deleteGuild.isPending && deleteGuild.variables === guild.id}
                  onConfirm={() => {
                    setDeleted(null);
                    deleteGuild.mutate(guild.id);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
        <ErrorNotice error={deleteGuild.error} title="Couldn't delete the guild" />
        <CreateGuildForm />
      </Panel>
    </div>
  );
}
