import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type ModelScript, parseModelScript } from "../providers/modelScript.ts";

/**
 * The scripted provider's script of each agent. The store has no column for it, so it is a JSON
 * file per agent, <home>/scripts/<agent id>.json, read at each generation (it is small; a CLI in
 * another process may replace it at any time). The last script parsed is kept with its text, so a
 * file that reads the same is not parsed again: `get` then gives the same object.
 */
export interface AgentScripts {
  get(agentId: string): ModelScript | undefined;
  set(agentId: string, script: ModelScript): void;
  delete(agentId: string): void;
}

export function createAgentScripts(home: string): AgentScripts {
  const folder = path.join(home, "scripts");
  const fileOf = (agentId: string) => path.join(folder, `${agentId.replace(/[^A-Za-z0-9_-]/g, "_")}.json`);
  const parsed = new Map<string, { text: string; script: ModelScript }>();
  return {
    get(agentId) {
      let text: string;
      try {
        text = readFileSync(fileOf(agentId), "utf8");
      } catch {
        parsed.delete(agentId);
        return undefined;
      }
      const known = parsed.get(agentId);
      if (known?.text === text) return known.script;
      const script = parseModelScript(JSON.parse(text));
      parsed.set(agentId, { text, script });
      return script;
    },
    set(agentId, script) {
      mkdirSync(folder, { recursive: true });
      const file = fileOf(agentId);
      // Written beside and renamed: a generation reading it never sees half a script.
      writeFileSync(`${file}.tmp`, `${JSON.stringify(script, null, 2)}\n`);
      renameSync(`${file}.tmp`, file);
    },
    delete(agentId) {
      parsed.delete(agentId);
      rmSync(fileOf(agentId), { force: true });
    },
  };
}
