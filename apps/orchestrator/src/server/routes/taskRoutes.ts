import { HarnessLogView, TaskDiffView } from "@guilds/protocol/apiViews";
import { GuildsError } from "@guilds/protocol/guildsError";
import type { TaskArtifacts } from "../../tools/codeTask/taskArtifacts.ts";
import { type ApiRoute, defineRoute, param } from "../apiRoute.ts";
import type { AppDeps } from "../appDeps.ts";

/**
 * What a code_task kept, read from the agent's machine: its harness log and its diff. 404 for a
 * call whose result names none, without waking the machine; 404 too for a log already pruned.
 */
const MACHINE_ERRORS = {
  502: "The agent's machine or its helper failed to read it (machine.exec_failed, helper.failed, ...)",
  503: "The server reads no task artifacts (tasks.unavailable), or the agent's machine cannot start (machine.start_failed)",
  504: "The agent's machine did not answer in time (helper.timeout)",
} as const;

export function taskRoutes({ tasks }: Pick<AppDeps, "tasks">): ApiRoute[] {
  const artifacts = (): TaskArtifacts => {
    if (tasks !== undefined) return tasks;
    throw new GuildsError(
      "tasks.unavailable",
      "This server reads no task logs or diffs: it was started without the agents' machines.",
    );
  };
  return [
    defineRoute({
      method: "get",
      path: "/api/runs/{runId}/tasks/{callId}/log",
      summary: "Read a code_task's harness log from the agent's machine (waking it)",
      response: HarnessLogView,
      errors: MACHINE_ERRORS,
      handle: ({ params }) => artifacts().log(param(params, "runId"), param(params, "callId")),
    }),
    defineRoute({
      method: "get",
      path: "/api/runs/{runId}/tasks/{callId}/diff",
      summary: "Read a code_task's diff, start checkpoint to end checkpoint, from the agent's machine",
      response: TaskDiffView,
      errors: MACHINE_ERRORS,
      handle: ({ params }) => artifacts().diff(param(params, "runId"), param(params, "callId")),
    }),
  ];
}
