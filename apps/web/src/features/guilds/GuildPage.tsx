import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import { answer, guildsApi } from "../../api/apiClient.ts";
import { guildQuery, queryKeys } from "../../api/resourceQueries.ts";
import { ConfirmButton } from "../../ui/ConfirmButton.tsx";
import { DeletionNotice } from "../../ui/DeletionNotice.tsx";
import { deletionState, useHandedDeletion } from "../../ui/deletionState.ts";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { PageColumns } from "../../ui/PageColumns.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { Panel } from "../../ui/Panel.tsx";
import { SecretsPanel } from "../../ui/SecretsPanel.tsx";
import { Timestamp } from "../../ui/Timestamp.tsx";
import { AgentsPanel } from "./AgentsPanel.tsx";
import { CreateAgentForm } from "./CreateAgentForm.tsx";
import { NotesPanel } from "./notes/NotesPanel.tsx";
import { RepositoriesPanel } from "./RepositoriesPanel.tsx";
import "./guilds.css";

/** One guild: its agents (and a new one), its notes, its repositories, its secrets; deleting it once empty. */
export function GuildPage() {
  const { guildId = "" } = useParams();
  const guild = useQuery(guildQuery(guildId));
  const [handed, dismissHanded] = useHandedDeletion();

  if (guild.isPending) {
    return (
      <div className="page">
        <Loading label="Loading the guild…" />
      </div>
    );
  }
  if (guild.isError) {
    return (
      <div className="page">
        <ErrorNotice error={guild.error} title="Couldn't load the guild" />
      </div>
    );
  }
  return (
    <div className="page">
      <PageHeader
        kicker="Guild"
        title={guild.data.name}
        meta={<Timestamp iso={guild.data.created_at} prefix="created" />}
      />
      {handed !== null && <DeletionNotice deletion={handed} onDismiss={dismissHanded} />}
      <PageColumns
        main={
          <>
            <AgentsPanel guildId={guildId} />
            <CreateAgentForm guildId={guildId} />
            <NotesPanel guildId={guildId} />
          </>
        }
        side={
          <>
            <RepositoriesPanel guildId={guildId} />
            <SecretsPanel owner="guild" ownerId={guildId} />
            <DeleteGuildPanel guildId={guildId} name={guild.data.name} />
          </>
        }
      />
    </div>
  );
}

function DeleteGuildPanel({ guildId, name }: { guildId: string; name: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deleteGuild = useMutation({
    mutationFn: () => answer(guildsApi.DELETE("/api/guilds/{guildId}", { params: { path: { guildId } } })),
    onSuccess: async (deletion) => {
      await navigate("/", { state: deletionState(deletion) });
      queryClient.removeQueries({ queryKey: queryKeys.guild(guildId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.guilds });
    },
  });
  return (
    <Panel
      title="Delete the guild"
      tone="danger"
      description="Deletes its repositories (their tokens), secrets and notes. The server refuses while the guild has agents: delete them first."
    >
      <div>
        <ConfirmButton
          label="Delete guild…"
          prominent
          question={`Delete ${name}?`}
          confirmLabel="Delete guild"
          busy={deleteGuild.isPending}
          onConfirm={() => deleteGuild.mutate()}
        />
      </div>
      <ErrorNotice error={deleteGuild.error} title="Couldn't delete the guild" />
    </Panel>
  );
}
