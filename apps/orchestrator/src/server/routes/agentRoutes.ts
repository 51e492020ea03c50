import { CreateAgentBody, UpdateAgentBody } from "@guilds/protocol/apiRequests";
import { AgentList, AgentView, DeletionView } from "@guilds/protocol/apiViews";
import { deleteAgent } from "../../deletion/deleteAgent.ts";
import type { MachineLimitMaxima } from "../../machines/limitMaxima.ts";
import type { MachineFolderOutcome } from "../../machines/machineFolder.ts";
import type { AgentSettings } from "../../store/agentStore.ts";
import { limitSettingsOf } from "../agentLimitsBody.ts";
import { type ApiRoute, defineRoute, param } from "../apiRoute.ts";
import type { AppDeps } from "../appDeps.ts";
import { PAGE_QUERY, pageOf, pageRequest } from "../pagination.ts";
import { agentView, deletionView } from "../views.ts";

export function agentRoutes({ store, scripts, machines, machineLimits = {} }: AppDeps): ApiRoute[] {
  const view = async (agentId: string) => {
    const agent = await store.agents.get(agentId);
    return agentView(agent, scripts.get(agent.id), machineLimits);
  };
  const settingsOf = (body: UpdateAgentBody) => settingsInStoreTerms(body, machineLimits);
  return [
    defineRoute({
      method: "post",
      path: "/api/guilds/{guildId}/agents",
      summary: "Create an agent in a guild",
      body: CreateAgentBody,
      response: AgentView,
      status: 201,
      conflict: "The guild has an agent of that name",
      handle: async ({ params, body }) => {
        const agent = await store.agents.create({
          ...settingsOf(body),
          guildId: param(params, "guildId"),
          name: body.name,
          modelProvider: body.model.provider,
          modelName: body.model.name,
        });
        if (body.script !== undefined) scripts.set(agent.id, body.script);
        return view(agent.id);
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/guilds/{guildId}/agents",
      summary: "List a guild's agents",
      response: AgentList,
      query: PAGE_QUERY,
      handle: async ({ c, params }) => {
        const guild = await store.guilds.get(param(params, "guildId"));
        const request = pageRequest(c);
        const agents = await store.agents.list(guild.id, { after: request.after, limit: request.limit + 1 });
        const page = pageOf(agents, request, (agent) => agent.name);
        return {
          agents: page.rows.map((agent) => agentView(agent, scripts.get(agent.id), machineLimits)),
          next_cursor: page.next_cursor,
        };
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/agents/{agentId}",
      summary: "Get an agent",
      response: AgentView,
      handle: ({ params }) => view(param(params, "agentId")),
    }),
    defineRoute({
      method: "patch",
      path: "/api/agents/{agentId}",
      summary: "Change an agent's settings (absent fields are left as they are)",
      body: UpdateAgentBody,
      response: AgentView,
      conflict: "The guild has another agent of that name",
      handle: async ({ params, body }) => {
        const agent = await store.agents.update(param(params, "agentId"), settingsOf(body));
        if (body.script !== undefined) scripts.set(agent.id, body.script);
        return view(agent.id);
      },
    }),
    defineRoute({
      method: "delete",
      path: "/api/agents/{agentId}",
      summary:
        "Delete an agent with its runs (messages, tool calls, events), secrets and machine folder; refused while a run is in progress",
      response: DeletionView,
      conflict: "A run of the agent is in progress (agent.busy): cancel it first",
      handle: async ({ params }) => {
        const removeMachine = (agentId: string) =>
          machines?.remove(agentId) ?? Promise.resolve(keptFolder(agentId));
        return deletionView(await deleteAgent({ store, scripts, removeMachine }, param(params, "agentId")));
      },
    }),
  ];
}

function keptFolder(agentId: string): MachineFolderOutcome {
  return {
    folder: `<GUILDS_HOME>/machines/${agentId}`,
    state: "kept",
    reason:
      "this server runs without a machine registry, so it cannot stop the machine; remove the folder once the server has stopped",
  };
}

/** The body's fields in the store's terms; fields the body leaves out stay out. */
function settingsInStoreTerms(body: UpdateAgentBody, maxima: MachineLimitMaxima): AgentSettings {
  const settings: AgentSettings = {};
  if (body.name !== undefined) settings.name = body.name;
  if (body.harness !== undefined) settings.harness = body.harness;
  if (body.harness_model !== undefined) settings.harnessModel = body.harness_model;
  if (body.harness_effort !== undefined) settings.harnessEffort = body.harness_effort;
  if (body.model?.provider !== undefined) settings.modelProvider = body.model.provider;
  if (body.model?.name !== undefined) settings.modelName = body.model.name;
  if (body.model?.base_url !== undefined) settings.modelBaseUrl = body.model.base_url;
  if (body.coding !== undefined) settings.coding = body.coding;
  if (body.max_tool_calls !== undefined) settings.maxToolCalls = body.max_tool_calls;
  if (body.idle_stop_minutes !== undefined) settings.idleStopMinutes = body.idle_stop_minutes;
  if (body.limits !== undefined) settings.limits = limitSettingsOf(body.limits, maxima);
  return settings;
}
