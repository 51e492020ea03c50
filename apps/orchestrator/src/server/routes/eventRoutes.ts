import { type ApiRoute, defineRoute, defineStreamRoute, param } from "../apiRoute.ts";
import type { AppDeps } from "../appDeps.ts";
import { RunEventSnapshot, runEventSnapshot } from "../runEventSnapshot.ts";
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
    defineRoute({
      method: "get",
      path: "/api/runs/{runId}/events/snapshot",
      summary:
        "The run's stored events in one answer and the id of the last: its stream after that id (?after=) gives the rest, none lost or doubled",
      response: RunEventSnapshot,
      handle: async ({ params }) => {
        const run = await store.runs.get(param(params, "runId"));
        return runEventSnapshot(store, run.id);
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
