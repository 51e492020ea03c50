// The web app's types of the API's answers against the response schemas the server builds them
// with: a field added, removed or retyped on one side fails type-checking (npm run check) here.
import { expectTypeOf, test } from "vitest";
import type * as Web from "../../../web/src/api/apiViews.ts";
import type { HarnessLogView, TaskDiffView } from "../../src/server/routes/taskRoutes.ts";
import type {
  AgentView,
  GuildView,
  RepositoryView,
  RunView,
  SecretView,
} from "../../src/server/viewSchemas.ts";

test("every answer the web app reads has the fields and types the server sends", () => {
  expectTypeOf<GuildView>().toEqualTypeOf<Web.GuildView>();
  expectTypeOf<RepositoryView>().toEqualTypeOf<Web.RepositoryView>();
  expectTypeOf<SecretView>().toEqualTypeOf<Web.SecretView>();
  expectTypeOf<RunView>().toEqualTypeOf<Web.RunView>();
  // The app reads an agent's script as opaque JSON: the same fields, the script typed loosely.
  expectTypeOf<keyof AgentView>().toEqualTypeOf<keyof Web.AgentView>();
  expectTypeOf<AgentView>().toExtend<Web.AgentView>();
  expectTypeOf<Omit<Web.AgentView, "script">>().toEqualTypeOf<Omit<AgentView, "script">>();
});

test("the harness log and diff answers", () => {
  expectTypeOf<import("zod").output<typeof HarnessLogView>>().toEqualTypeOf<Web.HarnessLogView>();
  expectTypeOf<import("zod").output<typeof TaskDiffView>>().toEqualTypeOf<Web.TaskDiffView>();
});
