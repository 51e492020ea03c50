import type { AgentSettings } from "../../store/agentStore.ts";
import { type ApiRoute, defineRoute, param } from "../apiRoute.ts";
import type { AppDeps } from "../appDeps.ts";
import { CreateAgentBody, UpdateAgentBody } from "../requestSchemas.ts";
import { agentView } from "../views.ts";

export function agentRoutes({ store, scripts }: AppDeps): ApiRoute[] {
  const view = async (agentId: string) => {
    const agent = await store.agents.get(agentId);
    return agentView(agent, scripts.get(agent.id));
  };
  return [
    defineRoute({
      method: "post",
      path: "/api/guilds/{guildId}/agents",
      summary: "Create an agent in a guild",
      body: CreateAgentBody,
      status: 201,
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
      handle: async ({ params }) => {
        const guild = await store.guilds.get(param(params, "guildId"));
        const agents = await store.agents.list(guild.id);
        return { agents: agents.map((agent) => agentView(agent, scripts.get(agent.id))) };
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/agents/{agentId}",
      summary: "Get an agent",
      handle: ({ params }) => view(param(params, "agentId")),
    }),
    defineRoute({
      method: "patch",
      path: "/api/agents/{agentId}",
      summary: "Change an agent's settings (absent fields are left as they are)",
      body: UpdateAgentBody,
      handle: async ({ params, body }) => {
        const agent = await store.agents.update(param(params, "agentId"), settingsOf(body));
        if (body.script !== undefined) scripts.set(agent.id, body.script);
        return view(agent.id);
      },
    }),
  ];
}

/** The body's fields in the store's terms; fields the body leaves out stay out. */
function settingsOf(body: UpdateAgentBody): AgentSettings {
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
  return settings;
}
