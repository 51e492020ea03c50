/** A list's answer: its items under their own key, and where the next page starts (null: no more). */
export interface ListPage {
  next_cursor: string | null;
}

/**
 * Every page of a list, first to last: `page(cursor)` asks for the page after `cursor` (undefined
 * for the first), and the pages follow their next_cursor until it is null.
 */
export async function* allPages<Page extends ListPage>(
  page: (cursor: string | undefined) => Promise<Page>,
): AsyncGenerator<Page> {
  let cursor: string | undefined;
  do {
    const answer = await page(cursor);
    yield answer;
    cursor = answer.next_cursor ?? undefined;
  } while (cursor !== undefined);
}
