import { GuildsError } from "@guilds/protocol/guildsError";
import { runAgentCommand } from "./agentCommand.ts";
import { runGuildCommand } from "./guildCommand.ts";
import { runHarnessCommand } from "./harnessCommand.ts";
import { runImageCommand } from "./imageCommand.ts";
import { runMcp } from "./mcpCommand.ts";
import { runNoteCommand } from "./noteCommand.ts";
import { runRepoCommand } from "./repoCommand.ts";
import { runRun } from "./runCommand.ts";
import { runSecretCommand } from "./secretCommand.ts";
import { runServe } from "./serveCommand.ts";
import { runTokenCommand } from "./tokenCommand.ts";
import { runTool } from "./toolCommand.ts";
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, HELP } from "./usage.ts";
import { writeOut } from "./writeOut.ts";

type Command = (argv: string[], environment: NodeJS.ProcessEnv) => Promise<number>;

const COMMANDS: Record<string, Command> = {
  tool: runTool,
  serve: runServe,
  guild: runGuildCommand,
  repo: runRepoCommand,
  agent: runAgentCommand,
  secret: runSecretCommand,
  note: runNoteCommand,
  token: runTokenCommand,
  harness: runHarnessCommand,
  image: runImageCommand,
  run: runRun,
  mcp: runMcp,
};

/** guilds <command> ...: the only place that maps failures to exit codes. */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === "--help" || command === "-h" || command === "help") {
      await writeOut(process.stdout, HELP);
      return EXIT_OK;
    }
    const run = command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (run !== undefined) return await run(rest, process.env);
    throw new GuildsError(
      "cli.usage",
      command === undefined ? "guilds needs a command." : `guilds has no command "${command}".`,
    );
  } catch (caught) {
    if (caught instanceof GuildsError && caught.code === "cli.usage") {
      await writeOut(process.stderr, `guilds: ${caught.message}\nRun \`guilds --help\` for the usage.\n`);
      return EXIT_USAGE;
    }
    const code =
      typeof (caught as { code?: unknown }).code === "string" ? (caught as { code: string }).code : "";
    const message = caught instanceof Error ? caught.message : String(caught);
    await writeOut(process.stderr, `guilds: ${code ? `[${code}] ` : ""}${message}\n`);
    return EXIT_FAILED;
  }
}

// serve resolves only once its server has closed. A finished command exits at once, even when a
// machine still holds a sandbox process or a timer: its background commands outlive the CLI.
process.exit(await main(process.argv.slice(2)));
