// A guild's notes and records on its page, against a real server: list, read (Markdown rendered, no
// raw HTML), create, edit and delete, and the API's refusals said in the page.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { screenshot, screenshotBothSchemes } from "./lib/artifacts.ts";
import { missingBrowser } from "./lib/browser.ts";
import { type E2e, openE2e } from "./lib/e2eFixture.ts";

const browserMissing = missingBrowser();
if (browserMissing !== null) console.warn(`skipping the web app's guild notes e2e test: ${browserMissing}`);

const RUNBOOK = [
  "# Deploy",
  "",
  "1. Run `npm run build`",
  "2. **Ship** it",
  "",
  "| env | url |",
  "| --- | --- |",
  "| prod | example.org |",
  "",
  '<script>window.__noteRan = true</script><b id="raw-html">raw</b>',
].join("\n");

describe.skipIf(browserMissing !== null)("a guild's notes in the app", () => {
  let e2e: E2e;
  let guildId: string;

  beforeAll(async () => {
    e2e = await openE2e();
    guildId = (await e2e.server.api<{ id: string }>("POST", "/api/guilds", { name: "noted" })).id;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const notesPanel = (page: Page) => page.getByRole("region", { name: "Notes" });
  const noteList = (page: Page) => notesPanel(page).getByRole("list", { name: "Notes" });
  const openNote = (page: Page, path: string) => page.getByRole("article", { name: `Note ${path}` });
  const note = (path: string) =>
    e2e.server.fetchApi("GET", `/api/guilds/${guildId}/notes/${encodeURIComponent(path)}`);

  /** New note → path, kind, content → Create note. */
  async function createNote(page: Page, path: string, kind: string, content?: string): Promise<void> {
    await notesPanel(page).getByRole("button", { name: "New note" }).click();
    const form = page.getByRole("form", { name: "New note" });
    await form.getByLabel("Path").fill(path);
    await form.getByLabel("Kind").selectOption(kind);
    if (content !== undefined) await form.getByLabel("Content").fill(content);
    await form.getByRole("button", { name: "Create note" }).click();
  }

  test("list, read, create, edit and delete notes and records; the API's refusals are shown", async () => {
    const page = await e2e.newPage();
    await page.goto(`/guilds/${guildId}`);
    await notesPanel(page).getByText("No notes yet").waitFor();

    // Create a note: it opens, its Markdown rendered; raw HTML neither runs nor renders.
    await createNote(page, "runbooks/deploy.md", "note", RUNBOOK);
    const runbook = openNote(page, "runbooks/deploy.md");
    await runbook.getByRole("heading", { name: "Deploy", level: 1 }).waitFor();
    await expect(runbook.locator("strong", { hasText: "Ship" }).count()).resolves.toBe(1);
    await expect(runbook.locator("code", { hasText: "npm run build" }).count()).resolves.toBe(1);
    await expect(runbook.getByRole("cell", { name: "example.org" }).count()).resolves.toBe(1);
    await expect(runbook.locator("script, #raw-html").count()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as { __noteRan?: boolean }).__noteRan)).resolves.toBeUndefined();
    await expect((await note("runbooks/deploy.md")).status).toBe(200);
    await screenshotBothSchemes(page, "guild-notes", "note read");

    // A collection and a record in it; the record is shown as its JSON.
    await createNote(page, "tasks", "collection");
    await openNote(page, "tasks").getByText("No records under tasks/ yet.").waitFor();
    await createNote(page, "tasks/t-12", "record", '{"status":"open","owner":"ada"}');
    await openNote(page, "tasks/t-12").locator("pre", { hasText: '"owner": "ada"' }).waitFor();

    // The list: every note by path, with its kind.
    const rows = noteList(page).getByRole("listitem");
    await expect
      .poll(() => rows.allInnerTexts())
      .toEqual([
        expect.stringMatching(/^runbooks\/deploy\.md\s+note\s+\d+ B$/),
        expect.stringMatching(/^tasks\s+collection\s*$/),
        expect.stringMatching(/^tasks\/t-12\s+record\s+\d+ B$/),
      ]);
    // The collection lists its records; one opens from there.
    await noteList(page).getByRole("button", { name: "tasks", exact: true }).click();
    await openNote(page, "tasks").getByRole("button", { name: "tasks/t-12" }).click();
    await openNote(page, "tasks/t-12").waitFor();
    await screenshot(page, "guild-notes", "record read");

    // The API's refusals, with their codes: a record that is not a JSON object, a bad path.
    await createNote(page, "tasks/t-13", "record", "[1, 2]");
    const newForm = page.getByRole("form", { name: "New note" });
    const refusal = newForm.getByRole("alert");
    await expect(refusal.textContent()).resolves.toContain("Couldn't save the note");
    await expect(refusal.textContent()).resolves.toContain('The record "tasks/t-13" is an array');
    await expect(refusal.textContent()).resolves.toContain("(note.record_invalid)");
    await newForm.getByLabel("Path").fill("/etc/passwd");
    await newForm.getByLabel("Content").fill("{}");
    await newForm.getByRole("button", { name: "Create note" }).click();
    await expect.poll(() => refusal.textContent()).toContain("(note.path_invalid)");
    await expect(refusal.textContent()).resolves.toContain('starts with "/"');
    await screenshot(page, "guild-notes", "refused");
    await newForm.getByRole("button", { name: "Cancel" }).click();
    expect((await note("tasks/t-13")).status).toBe(404);

    // Edit the runbook: saved, and read again as Markdown.
    await noteList(page).getByRole("button", { name: "runbooks/deploy.md" }).click();
    await runbook.getByRole("button", { name: "Edit" }).click();
    const editForm = page.getByRole("form", { name: "Edit runbooks/deploy.md" });
    await expect(editForm.getByLabel("Content").inputValue()).resolves.toBe(RUNBOOK);
    await editForm.getByLabel("Content").fill("# Deploy v2\n\nNow with *canaries*.");
    await editForm.getByRole("button", { name: "Save note" }).click();
    await runbook.getByRole("heading", { name: "Deploy v2", level: 1 }).waitFor();
    await expect(runbook.locator("em", { hasText: "canaries" }).count()).resolves.toBe(1);
    const saved = (await (await note("runbooks/deploy.md")).json()) as { content: string };
    expect(saved.content).toBe("# Deploy v2\n\nNow with *canaries*.");
    await screenshot(page, "guild-notes", "note edited");

    // Delete: a collection that holds a record is refused; the record goes after a confirmation.
    await noteList(page).getByRole("button", { name: "tasks", exact: true }).click();
    const tasks = openNote(page, "tasks");
    await tasks.getByRole("button", { name: "Delete the note tasks" }).click();
    await tasks.getByRole("button", { name: "Delete note" }).click();
    const deleteRefusal = tasks.getByRole("alert");
    await expect.poll(() => deleteRefusal.textContent()).toContain("(note.collection_not_empty)");
    await expect(deleteRefusal.textContent()).resolves.toContain("Couldn't delete the note");
    await screenshot(page, "guild-notes", "delete refused");

    await tasks.getByRole("button", { name: "tasks/t-12" }).click();
    const record = openNote(page, "tasks/t-12");
    await record.getByRole("button", { name: "Delete the note tasks/t-12" }).click();
    await record.getByText("Delete tasks/t-12?").waitFor();
    await record.getByRole("button", { name: "Delete note" }).click();
    await record.waitFor({ state: "detached" });
    await expect.poll(() => rows.count()).toBe(2);
    expect((await note("tasks/t-12")).status).toBe(404);
    await screenshotBothSchemes(page, "guild-notes", "record deleted");
  });
});
