import { allPages } from "@guilds/client/allPages";
import type { NoteSummaryView } from "@guilds/protocol/apiViews";
import { queryOptions } from "@tanstack/react-query";
import { answer, guildsApi } from "../../../api/apiClient.ts";

/** The most notes a page of the list holds: the list is read whole, a page at a time. */
const NOTES_PAGE = 1000;

export const noteKeys = {
  notes: (guildId: string) => ["guild", guildId, "notes"] as const,
  note: (guildId: string, path: string) => ["guild", guildId, "notes", path] as const,
};

/** Every note of the guild, by path (the server sorts them). */
export const notesQuery = (guildId: string) =>
  queryOptions({
    queryKey: noteKeys.notes(guildId),
    queryFn: async () => {
      const notes: NoteSummaryView[] = [];
      const pages = allPages((cursor) =>
        answer(
          guildsApi.GET("/api/guilds/{guildId}/notes", {
            params: { path: { guildId }, query: { limit: NOTES_PAGE, cursor } },
          }),
        ),
      );
      for await (const page of pages) notes.push(...page.notes);
      return notes;
    },
  });

/** One note with its content; the client encodes the path's slashes (runbooks%2Fdeploy.md). */
export const noteQuery = (guildId: string, path: string) =>
  queryOptions({
    queryKey: noteKeys.note(guildId, path),
    queryFn: () =>
      answer(
        guildsApi.GET("/api/guilds/{guildId}/notes/{notePath}", {
          params: { path: { guildId, notePath: path } },
        }),
      ),
  });
