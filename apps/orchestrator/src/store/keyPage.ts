import { type SelectQueryBuilder, sql } from "kysely";

/**
 * A page of a list ordered by a unique key (a name, a path, an id): the rows after `after`, at most
 * `limit` of them. Without one, the whole list.
 */
export interface KeyPage {
  after?: string;
  limit?: number;
}

/** `query` ordered by `column` (ascending) and cut to `page`. */
export function orderedPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: string,
  page: KeyPage,
): SelectQueryBuilder<DB, TB, O> {
  const { after, limit } = page;
  const ordered = (after === undefined ? query : query.where(sql.ref(column), ">", after)).orderBy(
    sql.ref(column),
  );
  return limit === undefined ? ordered : ordered.limit(limit);
}
