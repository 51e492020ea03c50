import type { components, paths } from "./generated/api.ts";

/*
 * The API's named schemas (components.schemas of its OpenAPI document) under their own names, and
 * the bodies its routes take, for code that types what it holds or sends.
 */
type Schemas = components["schemas"];

export type Guild = Schemas["Guild"];
export type Repository = Schemas["Repository"];
export type Agent = Schemas["Agent"];
export type AgentLimits = Schemas["AgentLimits"];
export type EffectiveLimits = Schemas["EffectiveLimits"];
export type Secret = Schemas["Secret"];
export type Note = Schemas["Note"];
export type NoteSummary = Schemas["NoteSummary"];
export type Run = Schemas["Run"];
export type RunDetail = Schemas["RunDetail"];
export type Message = Schemas["Message"];
export type ToolCall = Schemas["ToolCall"];
export type HarnessLog = Schemas["HarnessLog"];
export type TaskDiff = Schemas["TaskDiff"];
export type Deletion = Schemas["Deletion"];
/** The body of every refusal: {"error": {"code", "message"}}. */
export type ErrorBody = Schemas["Error"];

/** The JSON body a route takes: `RequestBody<"/api/guilds", "post">`. */
export type RequestBody<
  Path extends keyof paths,
  Method extends keyof paths[Path],
> = paths[Path][Method] extends {
  requestBody?: { content: { "application/json": infer Body } };
}
  ? Body
  : never;
