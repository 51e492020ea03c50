import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createAgentScripts } from "../../src/app/agentScripts.ts";
import { providerForAgent } from "../../src/app/providerForAgent.ts";
import { parseModelScript } from "../../src/providers/modelScript.ts";
import type { Agent } from "../../src/store/agentStore.ts";

const reply = (command: string) =>
  parseModelScript({ steps: [{ type: "reply", tool_calls: [{ name: "shell", args: { command } }] }] });

let home: string;
beforeEach(() => {
  home = mkdtempSync(path.join(tmpdir(), "guilds-scripts-"));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

describe("agent scripts", () => {
  test("a script read is kept while its file stays the same", () => {
    const scripts = createAgentScripts(home);
    expect(scripts.get("ag_1")).toBeUndefined();
    scripts.set("ag_1", reply("ls"));
    const first = scripts.get("ag_1");
    expect(first).toEqual(reply("ls"));
    expect(scripts.get("ag_1")).toBe(first);
  });

  test("a script another process writes (the CLI) is read at the next get, even of the same size", () => {
    const server = createAgentScripts(home);
    const cli = createAgentScripts(home);
    cli.set("ag_1", reply("ls"));
    expect(server.get("ag_1")).toEqual(reply("ls"));
    cli.set("ag_1", reply("pw"));
    expect(server.get("ag_1")).toEqual(reply("pw"));
    // Rewritten in place, as an editor might.
    writeFileSync(path.join(home, "scripts", "ag_1.json"), JSON.stringify(reply("id")));
    expect(server.get("ag_1")).toEqual(reply("id"));
    cli.delete("ag_1");
    expect(server.get("ag_1")).toBeUndefined();
  });

  test("a scripted agent's provider is made once per script read and model", () => {
    const scripts = createAgentScripts(home);
    const providerFor = providerForAgent(scripts, {});
    const agent = { id: "ag_1", modelProvider: "scripted", modelName: "bench" } as Agent;
    scripts.set("ag_1", reply("ls"));
    const first = providerFor(agent, {});
    expect(providerFor(agent, {})).toBe(first);
    expect(providerFor({ ...agent, modelName: "other" }, {}).model).toBe("other");
    scripts.set("ag_1", reply("pw"));
    expect(providerFor(agent, {})).not.toBe(first);
  });
});
