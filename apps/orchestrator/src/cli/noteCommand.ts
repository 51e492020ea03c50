import { GuildsError } from "@guilds/protocol/guildsError";
import { NOTE_KINDS, type NoteKind } from "../notes/noteReader.ts";
import type { NoteSummary } from "../store/noteStore.ts";
import { withAdminStore } from "./adminStore.ts";
import { parseCommandArgs, takePositionals } from "./commandArgs.ts";
import { findGuild } from "./findByName.ts";
import { readNoteContent } from "./noteContentInput.ts";
import { EXIT_OK } from "./usage.ts";
import { writeOut } from "./writeOut.ts";

const ACTIONS =
  "set <guild> <path> [--kind K] [--file F], get <guild> <path>, list <guild> [prefix] or delete <guild> <path>";

/** guilds note set | get | list | delete: the notes, records, collections and scripts of a guild. */
export async function runNoteCommand(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const [action, ...rest] = argv;
  if (action === "set") return setNote(rest, environment);
  if (action === "get") return getNote(rest, environment);
  if (action === "list") return listNotes(rest, environment);
  if (action === "delete") return deleteNote(rest, environment);
  throw new GuildsError("cli.usage", `note takes ${ACTIONS}.`);
}

/** The content comes from --file or stdin, so a note of any size or shape never meets the shell. */
async function setNote(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseCommandArgs("note set", argv, {
    kind: { type: "string" },
    file: { type: "string" },
  });
  const [guildName = "", path = ""] = takePositionals("note set", positionals, ["guild", "path"]);
  const kind = values.kind === undefined ? undefined : noteKind(values.kind);
  if (kind === "collection" && values.file !== undefined) {
    throw new GuildsError(
      "cli.usage",
      "note set --kind collection: a collection has no content; drop --file.",
    );
  }
  const content = kind === "collection" ? null : await readNoteContent(values.file);
  const { note, created } = await withAdminStore(environment, async (store) =>
    store.notes.set((await findGuild(store, guildName)).id, {
      path,
      content,
      ...(kind === undefined ? {} : { kind }),
    }),
  );
  await writeOut(
    process.stdout,
    `${created ? "created" : "replaced"} ${note.kind} ${note.path} in ${guildName} (${describeSize(note)})\n`,
  );
  return EXIT_OK;
}

/** Prints the content as stored (a record as its JSON view); a collection's notes as `list` does. */
async function getNote(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const { positionals } = parseCommandArgs("note get", argv, {});
  const [guildName = "", path = ""] = takePositionals("note get", positionals, ["guild", "path"]);
  const { note, held } = await withAdminStore(environment, async (store) => {
    const guildId = (await findGuild(store, guildName)).id;
    const note = await store.notes.get(guildId, path);
    const held = note.kind === "collection" ? await store.notes.list(guildId, { prefix: path }) : [];
    return { note, held: held.filter((summary) => summary.path !== path) };
  });
  if (note.kind === "collection") {
    const lines = held.map(listLine).join("");
    await writeOut(process.stdout, lines || `the collection ${path} holds no records yet\n`);
  } else if (note.kind === "record") {
    await writeOut(process.stdout, `${note.content ?? ""}\n`);
  } else {
    await writeOut(process.stdout, note.content ?? "");
  }
  return EXIT_OK;
}

async function listNotes(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const { positionals } = parseCommandArgs("note list", argv, {});
  const names = positionals.length >= 2 ? ["guild", "prefix"] : ["guild"];
  const [guildName = "", prefix] = takePositionals("note list", positionals, names);
  const notes = await withAdminStore(environment, async (store) =>
    store.notes.list((await findGuild(store, guildName)).id, prefix === undefined ? {} : { prefix }),
  );
  const empty =
    prefix === undefined
      ? `no notes yet: guilds note set ${guildName} <path>\n`
      : `no notes at or under ${prefix}; \`guilds note list ${guildName}\` lists them all\n`;
  await writeOut(process.stdout, notes.map(listLine).join("") || empty);
  return EXIT_OK;
}

async function deleteNote(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const { positionals } = parseCommandArgs("note delete", argv, {});
  const [guildName = "", path = ""] = takePositionals("note delete", positionals, ["guild", "path"]);
  const deleted = await withAdminStore(environment, async (store) =>
    store.notes.delete((await findGuild(store, guildName)).id, path),
  );
  await writeOut(process.stdout, `deleted ${deleted.kind} ${deleted.path} from ${guildName}\n`);
  return EXIT_OK;
}

function noteKind(value: string): NoteKind {
  const kind = NOTE_KINDS.find((candidate) => candidate === value);
  if (kind !== undefined) return kind;
  throw new GuildsError("cli.usage", `note set --kind ${value}: a kind is one of ${NOTE_KINDS.join(", ")}.`);
}

function listLine(note: NoteSummary): string {
  return `${note.path}\t${note.kind}\t${describeSize(note)}\t${note.updatedAt}\n`;
}

function describeSize(note: NoteSummary): string {
  return note.kind === "collection" ? "no content" : `${note.size} bytes`;
}
