import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { ApiError } from "../api/apiClient.ts";
import { agentQuery, guildQuery, runQuery } from "../api/resourceQueries.ts";
import { runName } from "../runFlow/runName.ts";
import { routeIdsOf } from "./routeIds.ts";

interface Crumb {
  label: string;
  to: string;
}

/**
 * Where the page sits: Guilds → the guild → the agent → the run, as far as the route goes. An
 * agent's or a run's page names its guild (and agent) through the API; names show as they load.
 * Also names the browser tab after the deepest place.
 */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const ids = routeIdsOf(pathname);
  const run = useQuery({
    ...runQuery(ids.runId ?? ""),
    enabled: ids.runId !== undefined,
    staleTime: Infinity,
  });
  const agentId = ids.agentId ?? run.data?.agent_id;
  const agent = useQuery({ ...agentQuery(agentId ?? ""), enabled: agentId !== undefined });
  const guildId = ids.guildId ?? agent.data?.guild_id ?? run.data?.guild_id;
  const guild = useQuery({ ...guildQuery(guildId ?? ""), enabled: guildId !== undefined });

  const crumbs: Crumb[] = [{ label: "Guilds", to: "/" }];
  if (guildId !== undefined) crumbs.push({ label: guild.data?.name ?? "…", to: `/guilds/${guildId}` });
  if (agentId !== undefined) crumbs.push({ label: agent.data?.name ?? "…", to: `/agents/${agentId}` });
  if (ids.runId !== undefined) {
    crumbs.push({ label: runCrumb(run.data, run.error), to: `/runs/${ids.runId}` });
  }

  const title = crumbs.length > 1 ? crumbs[crumbs.length - 1]?.label : undefined;
  useEffect(() => {
    document.title = title === undefined || title === "…" ? "guilds" : `${title} · guilds`;
  }, [title]);

  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => {
          const current = index === crumbs.length - 1;
          return (
            <li key={crumb.to}>
              <Link to={crumb.to} aria-current={current ? "page" : undefined}>
                {crumb.label}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * A run's crumb: its name once the server answered; "…" until then, and "Run not found" when the
 * server knows no such run (never a piece of the URL, which names nothing the operator knows).
 */
function runCrumb(run: { id: string; title?: string } | undefined, error: unknown): string {
  if (run !== undefined) return runName(run);
  return error instanceof ApiError && error.status === 404 ? "Run not found" : "…";
}
