import { type ApiRoute, defineStreamRoute, param } from "../apiRoute.ts";
import type { AppDeps } from "../appDeps.ts";
import { RESUME_HEADER, RESUME_QUERY, resumePoint, streamRunEvents } from "../sse.ts";

export function eventRoutes(deps: AppDeps): ApiRoute[] {
  const { store } = deps;
  return [
    defineStreamRoute({
      method: "get",
      path: "/api/runs/{runId}/events",
      summary: "The run's events as SSE: all of them, or those after Last-Event-ID (or ?after=)",
      query: [RESUME_QUERY],
      headers: [RESUME_HEADER],
      handle: async ({ c, params }) => {
        const run = await store.runs.get(param(params, "runId"));
        return streamRunEvents(c, deps, { runId: run.id }, resumePoint(c, 0));
      },
    }),
    defineStreamRoute({
      method: "get",
      path: "/api/guilds/{guildId}/events",
      summary: "Every run's events in the guild as SSE: live, or after Last-Event-ID (or ?after=)",
      query: [RESUME_QUERY],
      headers: [RESUME_HEADER],
      handle: async ({ c, params }) => {
        const guild = await store.guilds.get(param(params, "guildId"));
        return streamRunEvents(c, deps, { guildId: guild.id }, resumePoint(c, undefined));
      },
    }),
  ];
}
