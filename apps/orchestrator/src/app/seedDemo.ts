import path from "node:path";
import { parseModelScript } from "../providers/modelScript.ts";
import { createSampleRepository } from "../repos/sampleRepository.ts";
import type { Store } from "../store/store.ts";
import type { AgentScripts } from "./agentScripts.ts";
import { DEMO_SCRIPT } from "./demoScript.ts";

export const DEMO_NAME = "demo";
const MODEL_KEYS = [
  { variable: "ANTHROPIC_API_KEY", provider: "anthropic", model: "claude-sonnet-4-5" },
  { variable: "OPENAI_API_KEY", provider: "openai", model: "gpt-5" },
] as const;

/**
 * First start (an empty store): with no model key in the environment, a "demo" guild with the sample
 * repository and a "demo" agent on the scripted provider; with a key, nothing is made. Returns the
 * lines to print: how to go on from here. Later starts return none.
 */
export async function seedDemo(input: {
  store: Store;
  scripts: AgentScripts;
  home: string;
  environment: NodeJS.ProcessEnv;
}): Promise<string[]> {
  const { store, scripts, home, environment } = input;
  if ((await store.guilds.list()).length > 0) return [];
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
  });
  scripts.set(agent.id, parseModelScript(DEMO_SCRIPT));
  return [
    'No model key is set (ANTHROPIC_API_KEY, OPENAI_API_KEY), so there is a demo: the guild "demo" with',
    `a sample repository (${samplePath}) and the agent "demo", whose scripted model calls every tool.`,
    "In another terminal, create an operator token, then sign in with it in the web app (open the address",
    'above), open the agent "demo" and start a run; or run it from the terminal:',
    "  npx guilds token create me",
    '  GUILDS_TOKEN=<the token> npx guilds run demo "hello"',
  ];
}
