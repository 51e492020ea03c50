import { GuildsError } from "@guilds/protocol/guildsError";
import { BackgroundOutputView } from "@guilds/protocol/shellOutput";
import { type ApiRoute, defineRoute, param } from "../apiRoute.ts";
import type { AppDeps } from "../appDeps.ts";

/**
 * A background shell command's live output, for its open detail: read from the agent's machine
 * when it runs, never waking it. 404 for a call that started no background command.
 */
export function shellOutputRoutes({ shellOutput }: Pick<AppDeps, "shellOutput">): ApiRoute[] {
  return [
    defineRoute({
      method: "get",
      path: "/api/runs/{runId}/tool-calls/{callId}/output",
      summary: "Read a background shell command's new output lines from the agent's machine",
      response: BackgroundOutputView,
      query: [
        {
          name: "cursor",
          description: "The next_cursor of the previous answer; without it, the latest lines",
          schema: { type: "string" },
        },
      ],
      errors: {
        502: "The agent's machine or its helper failed to read it (machine.exec_failed, helper.failed, ...)",
        503: "This server runs without the agents' machines (machine.not_running)",
        504: "The agent's machine did not answer in time (helper.timeout)",
      },
      handle: ({ c, params }) => {
        if (shellOutput === undefined) {
          throw new GuildsError(
            "machine.not_running",
            "This server follows no background output: it was started without the agents' machines.",
          );
        }
        return shellOutput.read(param(params, "runId"), param(params, "callId"), c.req.query("cursor"));
      },
    }),
  ];
}
