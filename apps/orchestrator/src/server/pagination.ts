import { GuildsError } from "@guilds/protocol/guildsError";
import type { Context } from "hono";
import type { RouteParameter } from "./apiRoute.ts";

export const PAGE_LIMIT_DEFAULT = 100;
export const PAGE_LIMIT_MAX = 1000;

/** Where a page of a list starts (after the row whose key the cursor holds) and how long it is. */
export interface PageRequest {
  after: string | undefined;
  limit: number;
}

/** A page of a list: its rows, and the cursor of the next page (null on the last). */
export interface Page<Row> {
  rows: Row[];
  next_cursor: string | null;
}

export const PAGE_QUERY: readonly RouteParameter[] = [
  {
    name: "limit",
    description: `At most this many items (default ${PAGE_LIMIT_DEFAULT})`,
    schema: { type: "integer", minimum: 1, maximum: PAGE_LIMIT_MAX },
  },
  {
    name: "cursor",
    description: "The next_cursor of the previous page: this page starts after its last item",
    schema: { type: "string" },
  },
];

export function pageRequest(c: Context): PageRequest {
  return { after: cursorKey(c.req.query("cursor")), limit: pageLimit(c.req.query("limit")) };
}

/**
 * The page out of `rows`, read with one row more than the page holds (`limit + 1`): that extra row
 * says whether a next page exists without a second query.
 */
export function pageOf<Row>(rows: Row[], request: PageRequest, keyOf: (row: Row) => string): Page<Row> {
  if (rows.length <= request.limit) return { rows, next_cursor: null };
  const kept = rows.slice(0, request.limit);
  return { rows: kept, next_cursor: cursorOf(keyOf(kept[kept.length - 1] as Row)) };
}

/** The page of an in-memory list sorted by `keyOf` (ascending, by code unit). */
export function pageOfSorted<Row>(rows: Row[], request: PageRequest, keyOf: (row: Row) => string): Page<Row> {
  const { after } = request;
  const start = after === undefined ? 0 : rows.findIndex((row) => keyOf(row) > after);
  const rest = start === -1 ? [] : rows.slice(start, start + request.limit + 1);
  return pageOf(rest, request, keyOf);
}

function pageLimit(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return PAGE_LIMIT_DEFAULT;
  const limit = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (limit >= 1 && limit <= PAGE_LIMIT_MAX) return limit;
  throw new GuildsError(
    "request.invalid",
    `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX} (got ${JSON.stringify(raw)}); leave it out for ${PAGE_LIMIT_DEFAULT}.`,
  );
}

/** A cursor is the last item's key, base64url-encoded so that clients treat it as opaque. */
function cursorOf(key: string): string {
  return Buffer.from(key, "utf8").toString("base64url");
}

function cursorKey(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === "") return undefined;
  const key = Buffer.from(raw, "base64url").toString("utf8");
  if (key !== "" && cursorOf(key) === raw) return key;
  throw new GuildsError(
    "request.invalid",
    `cursor must be a next_cursor this list answered (got ${JSON.stringify(raw)}); leave it out for the first page.`,
  );
}
