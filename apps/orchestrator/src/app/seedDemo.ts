import path from "node:path";
import type { HarnessName } from "@guilds/protocol/harness";
import { parseModelScript } from "../providers/modelScript.ts";
import { createSampleRepository } from "../repos/sampleRepository.ts";
import type { Store } from "../store/store.ts";
import type { AgentScripts } from "./agentScripts.ts";
import { demoScript } from "./demoScript.ts";

export const DEMO_NAME = "demo";
const MODEL_KEYS = [
  { variable: "ANTHROPIC_API_KEY", provider: "anthropic", model: "claude-sonnet-4-5" },
  { variable: "OPENAI_API_KEY", provider: "openai", model: "gpt-5" },
] as const;

/**
 * First start (an empty store): with no model key in the environment, a "demo" guild with the sample
 * repository and a "demo" agent on the scripted provider, with the first installed harness so its
 * script ends with a code_task; with a key, nothing is made. Returns the lines to print: how to go on
 * from here. Later starts return none, unless they give an untouched demo agent the harness installed
 * since (upgradeDemo).
 */
export async function seedDemo(input: {
  store: Store;
  scripts: AgentScripts;
  home: string;
  environment: NodeJS.ProcessEnv;
  /** The harness the demo agent gets (demoHarness), or null when none is installed. */
  harness: HarnessName | null;
}): Promise<string[]> {
  const { store, scripts, home, environment, harness } = input;
  if ((await store.guilds.list()).length > 0) return upgradeDemo(store, scripts, harness);
  const key = MODEL_KEYS.find(({ variable }) => (environment[variable] ?? "").trim() !== "");
  if (key !== undefined) {
    return [
      `${key.variable} is set. Create a guild and an agent on ${key.provider}:`,
      "  npx guilds guild create acme",
      "  npx guilds repo add acme web <git url or local path>",
      `  npx guilds agent create acme coder --provider ${key.provider} --model ${key.model}`,
      "  npx guilds token create me",
      '  GUILDS_TOKEN=<the token> npx guilds run coder "Run the tests and tell me what fails"',
    ];
  }
  const guild = await store.guilds.create({ name: DEMO_NAME });
  const samplePath = await createSampleRepository(path.join(home, "samples", "tally"));
  await store.repositories.create({ guildId: guild.id, name: "tally", localPath: samplePath });
  const agent = await store.agents.create({
    guildId: guild.id,
    name: DEMO_NAME,
    modelProvider: "scripted",
    modelName: "scripted",
    harness,
  });
  scripts.set(agent.id, parseModelScript(demoScript(harness)));
  return [
    'No model key is set (ANTHROPIC_API_KEY, OPENAI_API_KEY), so there is a demo: the guild "demo" with',
    `a sample repository (${samplePath}) and the agent "demo", whose scripted model calls every tool.`,
    ...codeTaskLines(harness),
    "In another terminal, create an operator token, then sign in with it in the web app (open the address",
    'above), open the agent "demo" and start a run; or run it from the terminal:',
    "  npx guilds token create me",
    '  GUILDS_TOKEN=<the token> npx guilds run demo "hello"',
  ];
}

function codeTaskLines(harness: HarnessName | null): string[] {
  if (harness === null) {
    return [
      "No harness CLI is installed, so the demo makes no code task; `npx guilds harness install claude`",
      "(or codex, gemini) and a restart give it one: its block shows the harness, brief, progress and diff.",
    ];
  }
  return [
    `Its last step hands the sample's TODO to ${harness} with code_task, on a login in the agent's home`,
    `(e.g. \`${harness}\` in its shell) or an API key among the agent's secrets.`,
  ];
}

/**
 * A demo agent made before any harness was installed, still as seeded (scripted, no harness, the
 * script it was given), gets the harness installed since and the script that ends with a code_task.
 */
async function upgradeDemo(
  store: Store,
  scripts: AgentScripts,
  harness: HarnessName | null,
): Promise<string[]> {
  if (harness === null) return [];
  const guild = await store.guilds.findByName(DEMO_NAME);
  if (guild === undefined) return [];
  const agent = await store.agents.findByName(guild.id, DEMO_NAME);
  if (agent === undefined || agent.modelProvider !== "scripted" || agent.harness !== null) return [];
  const seeded = JSON.stringify(parseModelScript(demoScript(null)));
  if (JSON.stringify(scripts.get(agent.id)) !== seeded) return [];
  await store.agents.update(agent.id, { harness });
  scripts.set(agent.id, parseModelScript(demoScript(harness)));
  return [`The demo agent now has the harness ${harness}: its script ends with a code_task on the sample.`];
}
