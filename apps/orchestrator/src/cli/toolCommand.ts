import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { GuildsError } from "@guilds/protocol/guildsError";
import { CODE_TOOL_NAMES } from "@guilds/protocol/toolArgs";
import { connectEngine, engineAddress } from "../images/containerEngine.ts";
import type { ContainerEngine } from "../machines/docker/dockerMachine.ts";
import { engineFlavor } from "../machines/docker/engineFlavor.ts";
import { codeResultMaxBytes } from "../toolbox/codeResultMaxBytes.ts";
import { createHelperTransport } from "../toolbox/helperTransport.ts";
import { findCodeTool } from "../tools/registry.ts";
import { standaloneToolContext } from "../tools/standaloneToolContext.ts";
import type { ToolResult } from "../tools/tool.ts";
import { openLocalAgent } from "./localAgent.ts";
import { limitsFromEnvironment, sandboxFromEnvironment, seccompFromEnvironment } from "./settings.ts";
import { EXIT_OK, EXIT_USAGE } from "./usage.ts";
import { writeOut } from "./writeOut.ts";

const DEFAULT_RUN_ID = "cli";
const ID_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;

/** guilds tool <tool> '<json args>' --home <dir> [--run <id>] [--json] [--machine local|docker] */
export async function runTool(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const options = parseToolArgs(argv, environment);
  const maxBytes = settingOrUsage(() => codeResultMaxBytes(environment));
  const sandbox = sandboxFromEnvironment(environment);
  const engine = options.machine === "docker" ? await openEngine(environment) : undefined;
  const agent = await openLocalAgent(
    options.home,
    sandbox,
    seccompFromEnvironment(environment),
    limitsFromEnvironment(environment),
    engine,
  );
  // One call: a long-lived helper would cost the same process start and then sit idle.
  const helpers = createHelperTransport({ mode: "one-shot" });
  try {
    const result = await options.tool.run(
      options.args,
      standaloneToolContext({
        machine: agent.machine,
        helpers,
        runId: options.runId,
        agentId: agent.agentId,
        callId: newCallId(),
        defaultCwd: agent.defaultCwd,
        secrets: {},
        repoTokens: {},
        maxBytes,
      }),
    );
    // A fault of ours is the command's failure (main prints its code and message), not a result.
    if (result.fault !== undefined) throw result.fault;
    await writeOut(
      process.stdout,
      options.json ? `${JSON.stringify(jsonView(result))}\n` : withNewline(result.text),
    );
    return result.meta.error_code === "args.invalid" ? EXIT_USAGE : EXIT_OK;
  } finally {
    helpers.close();
  }
}

interface ToolOptions {
  tool: NonNullable<ReturnType<typeof findCodeTool>>;
  args: unknown;
  home: string;
  runId: string;
  json: boolean;
  /** --machine: local (default, GUILDS_MACHINE_PROVIDER's default) or docker. */
  machine: "local" | "docker";
}

function parseToolArgs(argv: string[], environment: NodeJS.ProcessEnv): ToolOptions {
  let parsed: ReturnType<typeof parseFlags>;
  try {
    parsed = parseFlags(argv);
  } catch (caught) {
    throw new GuildsError("cli.usage", `tool: ${caught instanceof Error ? caught.message : String(caught)}`);
  }
  const [toolName, argsText, ...extra] = parsed.positionals;
  const names = CODE_TOOL_NAMES.join(", ");
  if (toolName === undefined) throw new GuildsError("cli.usage", `tool needs a tool name: one of ${names}.`);
  const tool = findCodeTool(toolName);
  if (!tool) throw new GuildsError("cli.usage", `there is no tool "${toolName}"; the tools are ${names}.`);
  if (extra.length > 0) {
    throw new GuildsError(
      "cli.usage",
      `tool takes one JSON argument after the tool name, got ${extra.length + 1}; quote it: '{"command": "ls -la"}'.`,
    );
  }
  if (parsed.values.home === undefined) {
    throw new GuildsError(
      "cli.usage",
      "tool needs --home <dir>: the agent's home folder (created when missing).",
    );
  }
  const runId = parsed.values.run ?? DEFAULT_RUN_ID;
  if (!ID_PATTERN.test(runId)) {
    throw new GuildsError(
      "cli.usage",
      `--run ${JSON.stringify(runId)} is not a run id: use 1 to 200 letters, digits, _ . : or -.`,
    );
  }
  const machine = parsed.values.machine ?? environment.GUILDS_MACHINE_PROVIDER?.trim() ?? "local";
  if (machine !== "local" && machine !== "docker" && machine !== "") {
    throw new GuildsError(
      "cli.usage",
      `--machine ${JSON.stringify(machine)} is not a machine provider: use local (a bubblewrap sandbox on this host) or docker (a container of the engine at DOCKER_HOST, default /var/run/docker.sock).`,
    );
  }
  return {
    tool,
    args: parseJsonArgs(argsText),
    home: parsed.values.home,
    runId,
    json: parsed.values.json ?? false,
    machine: machine === "docker" ? "docker" : "local",
  };
}

function parseFlags(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      home: { type: "string" },
      run: { type: "string" },
      json: { type: "boolean" },
      machine: { type: "string" },
    },
    allowPositionals: true,
    strict: true,
  });
}

/** The arguments as one JSON value; none means {} (shell_status lists the background commands). */
function parseJsonArgs(text: string | undefined): unknown {
  if (text === undefined) return {};
  try {
    return JSON.parse(text);
  } catch (caught) {
    const reason = caught instanceof Error ? caught.message : String(caught);
    throw new GuildsError(
      "cli.usage",
      `the tool's arguments must be one JSON object, such as '{"command": "ls"}' (${reason}); quote them for the shell.`,
    );
  }
}

/** The engine of DOCKER_HOST (default /var/run/docker.sock), once it answered. */
async function openEngine(environment: NodeJS.ProcessEnv): Promise<ContainerEngine> {
  const docker = await connectEngine(engineAddress(environment));
  return { docker, flavor: await engineFlavor(docker) };
}

function settingOrUsage<T>(read: () => T): T {
  try {
    return read();
  } catch (caught) {
    if (caught instanceof GuildsError && caught.code === "config.invalid")
      throw new GuildsError("cli.usage", caught.message);
    throw caught;
  }
}

/** Unique per call: a shell log is .runs/<run id>/<call id>.log. */
function newCallId(): string {
  return `c${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
}

function jsonView(result: ToolResult): { text: string; meta: Record<string, unknown> } {
  return { text: result.text, meta: result.meta };
}

function withNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}
