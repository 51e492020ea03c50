import { GuildsError } from "@guilds/protocol/guildsError";
import { HARNESS_NAMES, type HarnessName } from "@guilds/protocol/harness";
import { loadConfig } from "../config.ts";
import { HARNESS_PACKAGES } from "../harnesses/harnessPackages.ts";
import { harnessListing } from "../harnesses/installedHarnesses.ts";
import { installNpmHarnesses } from "../harnesses/installHarness.ts";
import { parseCommandArgs } from "./commandArgs.ts";
import { EXIT_OK } from "./usage.ts";
import { writeOut } from "./writeOut.ts";

/**
 * guilds harness install <name>...: the npm CLIs (claude, codex, gemini) into GUILDS_HARNESS_DIR,
 * which every machine sees; Cursor and Antigravity have their own installers, run in an agent's
 * home. guilds harness list: what is installed.
 */
export async function runHarnessCommand(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const [action, ...rest] = argv;
  const { positionals } = parseCommandArgs(`harness ${action ?? ""}`.trim(), rest, {});
  const harnessDir = loadConfig(environment).harnessDir;
  if (action === "list") {
    await writeOut(process.stdout, `${harnessListing(harnessDir).join("\n")}\n`);
    return EXIT_OK;
  }
  if (action !== "install") throw new GuildsError("cli.usage", "harness takes install <name>... or list.");
  const names = harnessNames(positionals);
  const npmNames = names.filter((name) => HARNESS_PACKAGES[name].kind === "npm");
  for (const name of names) {
    const harness = HARNESS_PACKAGES[name];
    if (harness.kind !== "installer") continue;
    await writeOut(
      process.stderr,
      `${name} is not on npm, so it is not installed here: its installer puts \`${harness.binary}\` in an agent's ~/.local/bin, which is on the machine's PATH. Run \`${harness.command}\` inside the agent's machine (its shell tool; the machine needs GUILDS_SANDBOX_NETWORK=host), then log in there.\n`,
    );
  }
  if (npmNames.length > 0) {
    await writeOut(process.stderr, `installing ${npmNames.join(", ")} into ${harnessDir} ...\n`);
    await installNpmHarnesses(harnessDir, npmNames, process.stderr);
    await writeOut(process.stdout, `${harnessListing(harnessDir).join("\n")}\n`);
  }
  return EXIT_OK;
}

function harnessNames(positionals: string[]): HarnessName[] {
  if (positionals.length === 0) {
    throw new GuildsError("cli.usage", `harness install needs one or more of: ${HARNESS_NAMES.join(", ")}.`);
  }
  return positionals.map((value) => {
    const name = HARNESS_NAMES.find((candidate) => candidate === value);
    if (name === undefined) {
      throw new GuildsError(
        "cli.usage",
        `there is no harness named ${JSON.stringify(value)}; the harnesses are ${HARNESS_NAMES.join(", ")}.`,
      );
    }
    return name;
  });
}
