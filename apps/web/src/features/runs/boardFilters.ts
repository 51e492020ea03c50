import { RunBoardStatus } from "@guilds/protocol/runBoardViews";
import type { RunBoardFilters } from "../../api/runBoardQueries.ts";

/*
 * The board's filters live in its URL (?status=failed,waiting&guild=g_…&agent=ag_…&q=deploy), so a
 * filtered board can be reloaded, shared and gone back to. A value the URL holds that is no status
 * is left out.
 */

export function filtersOf(params: URLSearchParams): RunBoardFilters {
  const statuses = (params.get("status") ?? "").split(",").flatMap((word) => {
    const parsed = RunBoardStatus.safeParse(word.trim());
    return parsed.success ? [parsed.data] : [];
  });
  return {
    statuses: RunBoardStatus.options.filter((status) => statuses.includes(status)),
    guildId: params.get("guild") || null,
    agentId: params.get("agent") || null,
    search: params.get("q") ?? "",
  };
}

export function paramsOf(filters: RunBoardFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.statuses.length > 0) params.set("status", filters.statuses.join(","));
  if (filters.guildId !== null) params.set("guild", filters.guildId);
  if (filters.agentId !== null) params.set("agent", filters.agentId);
  if (filters.search !== "") params.set("q", filters.search);
  return params;
}

/** The statuses with `status` switched on or off. */
export function toggledStatus(filters: RunBoardFilters, status: RunBoardStatus): RunBoardFilters {
  const on = filters.statuses.includes(status);
  const next = on ? filters.statuses.filter((kept) => kept !== status) : [...filters.statuses, status];
  return { ...filters, statuses: RunBoardStatus.options.filter((kept) => next.includes(kept)) };
}

/** Any filter set: the empty board then says so, rather than "no runs yet". */
export function anyFilter(filters: RunBoardFilters): boolean {
  return (
    filters.statuses.length > 0 ||
    filters.guildId !== null ||
    filters.agentId !== null ||
    filters.search !== ""
  );
}
