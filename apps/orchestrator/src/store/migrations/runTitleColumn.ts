import { runTitleOf } from "@guilds/protocol/runTitle";
import type { Kysely } from "kysely";

interface TitleSource {
  run: { id: string; title: string };
  message: { run_id: string; seq: number; role: string; content: string };
}

/**
 * A run's title, "" for none; the runs already stored get theirs from their first message, the
 * operator's (a run over MCP has none).
 */
export async function addRunTitleColumn(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("run")
    .addColumn("title", "text", (column) => column.notNull().defaultTo(""))
    .execute();
  const typed = db as unknown as Kysely<TitleSource>;
  const firsts = await typed
    .selectFrom("message")
    .select(["run_id", "content"])
    .where("seq", "=", 1)
    .where("role", "=", "operator")
    .execute();
  for (const first of firsts) {
    const title = runTitleOf(textOf(first.content));
    if (title !== "") await typed.updateTable("run").set({ title }).where("id", "=", first.run_id).execute();
  }
}

function textOf(content: string): string {
  try {
    const parsed = JSON.parse(content) as { text?: unknown };
    return typeof parsed.text === "string" ? parsed.text : "";
  } catch {
    return "";
  }
}
