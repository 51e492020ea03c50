import type { Agent } from "@guilds/client/apiTypes";
import { HARNESS_DISPLAY_NAMES, PROVIDER_LABELS } from "./agentSettingsForm.ts";
import "./panels.css";

/** An agent at a glance: its model, its harness, whether it codes. */
export function AgentTags({ agent }: { agent: Agent }) {
  return (
    <span className="tags">
      <span className="tag" title={`Model provider: ${PROVIDER_LABELS[agent.model.provider]}`}>
        {agent.model.provider} · <code>{agent.model.name}</code>
      </span>
      <span className={agent.harness === null ? "tag" : "tag tag-accent"} title="Harness">
        {agent.harness === null ? "no harness" : HARNESS_DISPLAY_NAMES[agent.harness]}
        {agent.harness_model !== null && (
          <>
            {" "}
            · <code>{agent.harness_model}</code>
          </>
        )}
        {agent.harness_effort !== null && <> · {agent.harness_effort}</>}
      </span>
      <span className={agent.coding ? "tag tag-ok" : "tag"}>{agent.coding ? "coding" : "coding off"}</span>
    </span>
  );
}
