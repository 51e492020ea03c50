import { z } from "zod";
import { AppError } from "../../errors.ts";
import type { TaskArtifacts } from "../../tools/codeTask/taskArtifacts.ts";
import { type ApiRoute, defineRoute, param } from "../apiRoute.ts";
import type { AppDeps } from "../appDeps.ts";

export const HarnessLogView = z.strictObject({
  lines: z.array(z.string()).describe("Each event as a progress line, redacted, cut at 240 characters."),
  lines_truncated: z.boolean().describe("More lines than the first 2000 were kept."),
  raw: z.string().describe("The raw JSONL, redacted: whole lines from the start within 256 KiB."),
  raw_truncated: z.boolean(),
  bytes: z.number().int().describe("The whole log's size."),
  events: z.number().int(),
  unparsed: z.number().int().describe("Lines that were not the harness's events."),
});

export const TaskDiffView = z.strictObject({
  diff: z.string().describe("The unified diff from the start checkpoint to the end checkpoint, redacted."),
  truncated: z.boolean(),
  start_sha: z.string(),
  end_sha: z.string(),
});

/**
 * What a code_task kept, read from the agent's machine: its harness log and its diff. 404 for a
 * call whose result names none, without waking the machine; 404 too for a log already pruned.
 */
export function taskRoutes({ tasks }: Pick<AppDeps, "tasks">): ApiRoute[] {
  const artifacts = (): TaskArtifacts => {
    if (tasks !== undefined) return tasks;
    throw new AppError(
      "tasks.unavailable",
      "This server reads no task logs or diffs: it was started without the agents' machines.",
      { status: 503 },
    );
  };
  return [
    defineRoute({
      method: "get",
      path: "/api/runs/{runId}/tasks/{callId}/log",
      summary: "Read a code_task's harness log from the agent's machine (waking it)",
      response: HarnessLogView,
      handle: ({ params }) => artifacts().log(param(params, "runId"), param(params, "callId")),
    }),
    defineRoute({
      method: "get",
      path: "/api/runs/{runId}/tasks/{callId}/diff",
      summary: "Read a code_task's diff, start checkpoint to end checkpoint, from the agent's machine",
      response: TaskDiffView,
      handle: ({ params }) => artifacts().diff(param(params, "runId"), param(params, "callId")),
    }),
  ];
}
