import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type ModelScript, parseModelScript } from "../providers/modelScript.ts";

/**
 * The scripted provider's script of each agent. The store has no column for it, so it is a JSON
 * file per agent, <home>/scripts/<agent id>.json, read at each generation (it is small).
 */
export interface AgentScripts {
  get(agentId: string): ModelScript | undefined;
  set(agentId: string, script: ModelScript): void;
  delete(agentId: string): void;
}

export function createAgentScripts(home: string): AgentScripts {
  const folder = path.join(home, "scripts");
  const fileOf = (agentId: string) => path.join(folder, `${agentId.replace(/[^A-Za-z0-9_-]/g, "_")}.json`);
  return {
    get(agentId) {
      let text: string;
      try {
        text = readFileSync(fileOf(agentId), "utf8");
      } catch {
        return undefined;
      }
      return parseModelScript(JSON.parse(text));
    },
    set(agentId, script) {
      mkdirSync(folder, { recursive: true });
      const file = fileOf(agentId);
      // Written beside and renamed: a generation reading it never sees half a script.
      writeFileSync(`${file}.tmp`, `${JSON.stringify(script, null, 2)}\n`);
      renameSync(`${file}.tmp`, file);
    },
    delete(agentId) {
      rmSync(fileOf(agentId), { force: true });
    },
  };
}
