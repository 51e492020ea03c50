import { MessageBody, RunTitleBody } from "@guilds/protocol/apiRequests";
import { RunDetailView, RunList, RunView, ToolCallView } from "@guilds/protocol/apiViews";
import { requestIdOf } from "../../logging/requestContext.ts";
import { startingRun } from "../../logging/runRequests.ts";
import { notFound } from "../../store/notFound.ts";
import { type ApiRoute, defineRoute, param } from "../apiRoute.ts";
import type { AppDeps } from "../appDeps.ts";
import { PAGE_QUERY, pageOf, pageRequest } from "../pagination.ts";
import { generationView, messageView, queuedMessageView, runView, toolCallView } from "../views.ts";

const SERVER_CLOSING = "The server is shutting down (server.closing): send it again once it is back";

export function runRoutes({ store, runs }: AppDeps): ApiRoute[] {
  return [
    defineRoute({
      method: "post",
      path: "/api/agents/{agentId}/runs",
      summary: "Start a run of the agent with an operator message",
      response: RunView,
      body: MessageBody,
      status: 201,
      errors: { 503: SERVER_CLOSING },
      handle: async ({ c, params, body }) => {
        const agent = await store.agents.get(param(params, "agentId"));
        const { runId } = await startingRun(agent.id, requestIdOf(c), () =>
          runs.start({ agentId: agent.id, message: body.message }),
        );
        return runView(await store.runs.get(runId));
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/agents/{agentId}/runs",
      summary: "List the agent's runs, newest first",
      response: RunList,
      query: PAGE_QUERY,
      handle: async ({ c, params }) => {
        const agent = await store.agents.get(param(params, "agentId"));
        const request = pageRequest(c);
        const runs = await store.runs.list({
          agentId: agent.id,
          before: request.after,
          limit: request.limit + 1,
        });
        const page = pageOf(runs, request, (run) => run.id);
        return { runs: page.rows.map(runView), next_cursor: page.next_cursor };
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/runs/{runId}",
      summary:
        "Get a run with its messages, generations (their usage and cost), tool calls and the messages queued for its next generation",
      response: RunDetailView,
      handle: async ({ params }) => {
        const run = await store.runs.get(param(params, "runId"));
        const [messages, generations, toolCalls, queued] = await Promise.all([
          store.messages.list(run.id),
          store.generations.list(run.id),
          store.toolCalls.list(run.id),
          store.queuedMessages.list(run.id),
        ]);
        return {
          ...runView(run),
          messages: messages.map(messageView),
          generations: generations.map(generationView),
          tool_calls: toolCalls.map(toolCallView),
          queued_messages: queued.map(queuedMessageView),
        };
      },
    }),
    defineRoute({
      method: "patch",
      path: "/api/runs/{runId}",
      summary: "Rename a run (its title is its first message's first line until then)",
      body: RunTitleBody,
      response: RunView,
      handle: async ({ params, body }) => {
        const run = await store.runs.get(param(params, "runId"));
        return runView(await store.runs.setTitle(run.id, body.title));
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/runs/{runId}/summary",
      summary: "Get a run without its messages and tool calls (its status, reason and budget)",
      response: RunView,
      handle: async ({ params }) => runView(await store.runs.get(param(params, "runId"))),
    }),
    defineRoute({
      method: "post",
      path: "/api/runs/{runId}/messages",
      summary:
        "Continue the run with an operator message; while the run works, the message is queued (message.queued) and its next generation reads it (message.delivered)",
      response: RunView,
      body: MessageBody,
      status: 202,
      conflict: "An MCP client drives the run (run.busy): end that session, or cancel the run",
      errors: { 503: SERVER_CLOSING },
      handle: async ({ c, params, body }) => {
        const run = await store.runs.get(param(params, "runId"));
        await startingRun(run.id, requestIdOf(c), () => runs.send(run.id, body.message));
        return runView(await store.runs.get(run.id));
      },
    }),
    defineRoute({
      method: "post",
      path: "/api/runs/{runId}/cancel",
      summary: "Cancel the run: its generation and its running tool call stop",
      response: RunView,
      status: 202,
      handle: async ({ params }) => {
        const run = await store.runs.get(param(params, "runId"));
        await runs.cancel(run.id);
        return runView(await store.runs.get(run.id));
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/runs/{runId}/tool-calls/{callId}",
      summary: "Get one tool call: arguments, result and metadata (by its id or the model's call id)",
      response: ToolCallView,
      handle: async ({ params }) => {
        const run = await store.runs.get(param(params, "runId"));
        const callId = param(params, "callId");
        const calls = await store.toolCalls.list(run.id);
        const call = calls.find((candidate) => candidate.id === callId || candidate.callId === callId);
        if (call === undefined) throw notFound("tool_call", callId);
        return toolCallView(call);
      },
    }),
  ];
}
