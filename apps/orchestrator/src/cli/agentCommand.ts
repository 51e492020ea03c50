import { readFile } from "node:fs/promises";
import { GuildsError } from "@guilds/protocol/guildsError";
import { createAgentScripts } from "../app/agentScripts.ts";
import { loadConfig } from "../config.ts";
import { deleteAgent } from "../deletion/deleteAgent.ts";
import { describeDeletion } from "../deletion/deletion.ts";
import { effectiveLimits } from "../machines/effectiveLimits.ts";
import { formatLimit } from "../machines/limitValues.ts";
import { removeStoppedMachineFolder } from "../machines/machineFolder.ts";
import { machineRoot } from "../machines/machineRegistry.ts";
import { parseModelScript } from "../providers/modelScript.ts";
import { HARNESSES, type Harness, MODEL_PROVIDERS, type ModelProviderName } from "../store/agentSettings.ts";
import type { Agent, AgentSettings } from "../store/agentStore.ts";
import { withAdminStore } from "./adminStore.ts";
import { parseCommandArgs, takePositionals } from "./commandArgs.ts";
import { findAgent, findGuild } from "./findByName.ts";
import { LIMIT_OPTIONS, limitSettingsOfOptions } from "./limitOptions.ts";
import { EXIT_OK } from "./usage.ts";
import { writeOut } from "./writeOut.ts";

const DEFAULT_MODELS: Record<ModelProviderName, string | undefined> = {
  anthropic: "claude-sonnet-4-5",
  openai: "gpt-5",
  "openai-compatible": undefined,
  scripted: "scripted",
};

const CREATE_OPTIONS = {
  provider: { type: "string" },
  model: { type: "string" },
  "base-url": { type: "string" },
  coding: { type: "string" },
  "max-tool-calls": { type: "string" },
  script: { type: "string" },
  harness: { type: "string" },
  "harness-model": { type: "string" },
  "harness-effort": { type: "string" },
  ...LIMIT_OPTIONS,
} as const;

const UPDATE_OPTIONS = { ...CREATE_OPTIONS, name: { type: "string" } } as const;

/** guilds agent create <guild> <name> [options] | update <guild>/<agent> [options] | list [<guild>] | delete <guild>/<agent> */
export async function runAgentCommand(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const [action, ...rest] = argv;
  if (action === "create") return createAgent(rest, environment);
  if (action === "update") return updateAgent(rest, environment);
  if (action === "list") return listAgents(rest, environment);
  if (action === "delete") return removeAgent(rest, environment);
  throw new GuildsError(
    "cli.usage",
    "agent takes create <guild> <name> [--provider P] [--model M] ..., update <guild>/<agent> [--memory 8G] ..., list [<guild>] or delete <guild>/<agent>.",
  );
}

async function createAgent(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseCommandArgs("agent create", argv, CREATE_OPTIONS);
  const [guildName = "", name = ""] = takePositionals("agent create", positionals, ["guild", "name"]);
  const provider = providerOf(values.provider ?? "anthropic");
  const model = values.model ?? DEFAULT_MODELS[provider];
  if (model === undefined)
    throw new GuildsError("cli.usage", `--provider ${provider} needs --model <the server's model id>.`);
  if (provider === "openai-compatible" && values["base-url"] === undefined) {
    throw new GuildsError(
      "cli.usage",
      "--provider openai-compatible needs --base-url, such as http://127.0.0.1:8080/v1.",
    );
  }
  if (values.script !== undefined && provider !== "scripted") {
    throw new GuildsError("cli.usage", "--script is for --provider scripted.");
  }
  const script = values.script === undefined ? undefined : await readScript(values.script);
  const agent = await withAdminStore(environment, async (store) => {
    const guild = await findGuild(store, guildName);
    return store.agents.create({
      guildId: guild.id,
      name,
      modelProvider: provider,
      modelName: model,
      ...(values["base-url"] === undefined ? {} : { modelBaseUrl: values["base-url"] }),
      ...(values.coding === undefined ? {} : { coding: onOff(values.coding) }),
      ...(values["max-tool-calls"] === undefined
        ? {}
        : { maxToolCalls: wholeNumber(values["max-tool-calls"]) }),
      ...(values.harness === undefined ? {} : { harness: harnessOf(values.harness) }),
      ...(values["harness-model"] === undefined ? {} : { harnessModel: values["harness-model"] }),
      ...(values["harness-effort"] === undefined ? {} : { harnessEffort: values["harness-effort"] }),
      limits: limitSettingsOfOptions(values, loadConfig(environment).machineLimits ?? {}),
    });
  });
  if (script !== undefined) createAgentScripts(loadConfig(environment).home).set(agent.id, script);
  await writeOut(process.stdout, `created agent ${name} (${agent.id}) on ${provider} ${model}\n`);
  return EXIT_OK;
}

/** Only the settings given change; "default" resets a limit, "none" the harness. */
async function updateAgent(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseCommandArgs("agent update", argv, UPDATE_OPTIONS);
  const [reference = ""] = takePositionals("agent update", positionals, ["guild>/<agent"]);
  if (Object.keys(values).length === 0) {
    throw new GuildsError(
      "cli.usage",
      "agent update needs a setting to change, such as --memory 8G, --pids 2048, --cpus 4, --disk 50G, --coding off or --max-tool-calls 200 (see guilds --help).",
    );
  }
  if (values.script !== undefined && (values.provider ?? "scripted") !== "scripted") {
    throw new GuildsError("cli.usage", "--script is for --provider scripted.");
  }
  const script = values.script === undefined ? undefined : await readScript(values.script);
  const agent = await withAdminStore(environment, async (store) => {
    const found = await findAgent(store, reference);
    const settings: AgentSettings = {
      limits: limitSettingsOfOptions(values, loadConfig(environment).machineLimits ?? {}),
    };
    if (values.name !== undefined) settings.name = values.name;
    if (values.provider !== undefined) settings.modelProvider = providerOf(values.provider);
    if (values.model !== undefined) settings.modelName = values.model;
    if (values["base-url"] !== undefined) settings.modelBaseUrl = values["base-url"];
    if (values.coding !== undefined) settings.coding = onOff(values.coding);
    if (values["max-tool-calls"] !== undefined) settings.maxToolCalls = wholeNumber(values["max-tool-calls"]);
    if (values.harness !== undefined)
      settings.harness = values.harness === "none" ? null : harnessOf(values.harness);
    if (values["harness-model"] !== undefined) settings.harnessModel = values["harness-model"];
    if (values["harness-effort"] !== undefined) settings.harnessEffort = values["harness-effort"];
    return store.agents.update(found.id, settings);
  });
  if (script !== undefined) createAgentScripts(loadConfig(environment).home).set(agent.id, script);
  await writeOut(process.stdout, `updated agent ${agent.name} (${agent.id})\n`);
  return EXIT_OK;
}

async function listAgents(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const { positionals } = parseCommandArgs("agent list", argv, {});
  if (positionals.length > 1)
    throw new GuildsError("cli.usage", "agent list takes at most one argument: [<guild>].");
  const lines = await withAdminStore(environment, async (store) => {
    const guilds =
      positionals[0] === undefined ? await store.guilds.list() : [await findGuild(store, positionals[0])];
    const rows: string[] = [];
    for (const guild of guilds) {
      for (const agent of await store.agents.list(guild.id)) {
        rows.push(`${guild.name}/${describe(agent)}\t${describeLimits(agent, environment)}\n`);
      }
    }
    return rows;
  });
  await writeOut(process.stdout, lines.join("") || "no agents yet: guilds agent create <guild> <name>\n");
  return EXIT_OK;
}

/**
 * The store refuses while a run is in progress. This process holds no machine: the folder is removed
 * only when no machine runs on it (the server stops an idle one by itself), else the output says
 * where it stays.
 */
async function removeAgent(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const { positionals } = parseCommandArgs("agent delete", argv, {});
  const [reference = ""] = takePositionals("agent delete", positionals, ["guild>/<agent"]);
  const deletion = await withAdminStore(environment, async (store) => {
    const { home, machinesDir } = loadConfig(environment);
    const agent = await findAgent(store, reference);
    return deleteAgent(
      {
        store,
        scripts: createAgentScripts(home),
        removeMachine: (agentId) => removeStoppedMachineFolder(machineRoot(machinesDir, agentId)),
      },
      agent.id,
    );
  });
  await writeOut(process.stdout, describeDeletion(deletion));
  return EXIT_OK;
}

function describe(agent: Agent): string {
  const harness =
    agent.harness === null ? "none" : [agent.harness, agent.harnessModel].filter(Boolean).join(" ");
  return `${agent.name}\t${agent.id}\t${agent.modelProvider} ${agent.modelName}\tcoding ${agent.coding ? "on" : "off"}\tmax_tool_calls ${agent.maxToolCalls}\tharness ${harness}`;
}

/** What the agent's machine gets, "(default)" marking a limit the agent leaves to the default. */
function describeLimits(agent: Agent, environment: NodeJS.ProcessEnv): string {
  const effective = effectiveLimits(agent.limits, loadConfig(environment).machineLimits ?? {});
  const mark = (own: number | null) => (own === null ? " (default)" : "");
  return [
    `memory ${formatLimit("memoryBytes", effective.memoryBytes)}${mark(agent.limits.memoryBytes)}`,
    `pids ${effective.pids}${mark(agent.limits.pids)}`,
    `cpus ${effective.cpus}${mark(agent.limits.cpus)}`,
    `disk ${formatLimit("diskBytes", effective.diskBytes)}${mark(agent.limits.diskBytes)}`,
  ].join(", ");
}

function harnessOf(value: string): Harness {
  const harness = HARNESSES.find((candidate) => candidate === value);
  if (harness === undefined) {
    throw new GuildsError(
      "cli.usage",
      `--harness must be one of ${HARNESSES.join(", ")} (got ${JSON.stringify(value)}).`,
    );
  }
  return harness;
}

function providerOf(value: string): ModelProviderName {
  const provider = MODEL_PROVIDERS.find((candidate) => candidate === value);
  if (provider) return provider;
  throw new GuildsError(
    "cli.usage",
    `--provider must be one of ${MODEL_PROVIDERS.join(", ")} (got ${JSON.stringify(value)}).`,
  );
}

function onOff(value: string): boolean {
  if (value === "on" || value === "off") return value === "on";
  throw new GuildsError("cli.usage", `--coding must be on or off (got ${JSON.stringify(value)}).`);
}

function wholeNumber(value: string): number {
  if (/^\d+$/.test(value)) return Number(value);
  throw new GuildsError(
    "cli.usage",
    `--max-tool-calls must be a whole number (got ${JSON.stringify(value)}).`,
  );
}

async function readScript(file: string) {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (caught) {
    throw new GuildsError(
      "cli.usage",
      `--script ${file} cannot be read (${caught instanceof Error ? caught.message : caught}).`,
    );
  }
  try {
    return parseModelScript(JSON.parse(text));
  } catch (caught) {
    throw new GuildsError(
      "cli.usage",
      `--script ${file}: ${caught instanceof Error ? caught.message : String(caught)}`,
    );
  }
}
