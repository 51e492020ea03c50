import { NoteDeletionView, NoteList, NoteView } from "@guilds/protocol/apiViews";
import { GuildsError } from "@guilds/protocol/guildsError";
import { z } from "zod";
import { NOTE_KINDS } from "../../notes/noteReader.ts";
import { type ApiRoute, defineRoute, param } from "../apiRoute.ts";
import type { AppDeps } from "../appDeps.ts";
import { noteSummaryView, noteView } from "../noteView.ts";
import { PAGE_QUERY, pageOfSorted, pageRequest } from "../pagination.ts";

const SetNoteBody = z.strictObject({
  kind: z
    .enum(NOTE_KINDS)
    .optional()
    .describe(
      "note (Markdown), record (a JSON object), collection (no content) or script; default: the stored kind, else note.",
    ),
  content: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .nullable()
    .optional()
    .describe("The text (at most 1 MiB); a record's JSON as text or as an object; none for a collection."),
});

/**
 * A note is named by its display path in one path segment, its slashes encoded as %2F
 * (runbooks%2Fdeploy.md), as OpenAPI path parameters are.
 */
const NOTE = "/api/guilds/{guildId}/notes/{notePath}";

export function noteRoutes({ store }: AppDeps): ApiRoute[] {
  return [
    defineRoute({
      method: "put",
      path: NOTE,
      summary: "Create or replace a note of the guild (its path URL-encoded: runbooks%2Fdeploy.md)",
      body: SetNoteBody,
      response: NoteView,
      conflict: "The path holds another kind (note.kind_conflict): delete it first",
      handle: async ({ params, body: { kind, content } }) => {
        const guildId = param(params, "guildId");
        const path = param(params, "notePath");
        if (typeof content !== "object" || content === null) {
          return noteView((await store.notes.set(guildId, { path, kind, content })).note);
        }
        if (kind !== undefined && kind !== "record") {
          throw new GuildsError(
            "note.content_invalid",
            `content is a JSON object, which only a record holds; send "kind": "record", or the ${kind}'s text as a string.`,
          );
        }
        const record = { path, kind: "record" as const, content: JSON.stringify(content) };
        return noteView((await store.notes.set(guildId, record)).note);
      },
    }),
    defineRoute({
      method: "get",
      path: NOTE,
      summary: "Get a note with its content (a record's as its JSON view)",
      response: NoteView,
      handle: async ({ params }) =>
        noteView(await store.notes.get(param(params, "guildId"), param(params, "notePath"))),
    }),
    defineRoute({
      method: "get",
      path: "/api/guilds/{guildId}/notes",
      summary: "List the guild's notes: paths, kinds, sizes; ?prefix=tasks lists tasks and what is under it",
      response: NoteList,
      query: [
        {
          name: "prefix",
          description: "Only the notes at this path and under it (tasks: tasks and tasks/...)",
          schema: { type: "string" },
        },
        ...PAGE_QUERY,
      ],
      handle: async ({ c, params }) => {
        const prefix = c.req.query("prefix");
        const request = pageRequest(c);
        const notes = await store.notes.list(
          param(params, "guildId"),
          prefix === undefined ? {} : { prefix },
        );
        const page = pageOfSorted(notes, request, (note) => note.path);
        return { notes: page.rows.map(noteSummaryView), next_cursor: page.next_cursor };
      },
    }),
    defineRoute({
      method: "delete",
      path: NOTE,
      summary: "Delete a note (a collection once it holds no records)",
      response: NoteDeletionView,
      conflict: "The collection holds records (note.collection_not_empty): delete them first",
      handle: async ({ params }) => {
        const deleted = await store.notes.delete(param(params, "guildId"), param(params, "notePath"));
        return { deleted: deleted.path };
      },
    }),
  ];
}
