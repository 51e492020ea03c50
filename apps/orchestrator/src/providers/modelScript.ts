import { GuildsError } from "@guilds/protocol/guildsError";
import { ModelScript } from "@guilds/protocol/modelScript";
import { describeIssues } from "./describeIssues.ts";

export type { ModelScriptInput, ScriptStep } from "@guilds/protocol/modelScript";
// The script's schema is a wire contract (an agent's settings carry it): it lives in the protocol.
export { ModelScript };

/** Validates a script; throws provider.config naming each problem's place. */
export function parseModelScript(value: unknown): ModelScript {
  const parsed = ModelScript.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new GuildsError("provider.config", `Invalid model script: ${describeIssues(parsed.error)}.`);
}
