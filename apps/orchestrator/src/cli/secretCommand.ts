import type { SecretOwner } from "../store/secretStore.ts";
import { withAdminStore } from "./adminStore.ts";
import { parseCommandArgs, takePositionals } from "./commandArgs.ts";
import { findAgent, findGuild } from "./findByName.ts";
import { EXIT_OK, UsageError } from "./usage.ts";
import { writeOut } from "./writeOut.ts";

/**
 * guilds secret set <guild>[/<agent>] NAME [--from-env VAR]: the value comes from stdin or from a
 * variable, never from the command line, where other users and the shell's history would see it.
 */
export async function runSecretCommand(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const [action, ...rest] = argv;
  if (action !== "set") throw new UsageError("secret takes set <guild>[/<agent>] NAME [--from-env VAR].");
  const { values, positionals } = parseCommandArgs("secret set", rest, { "from-env": { type: "string" } });
  const [ownerName = "", name = ""] = takePositionals("secret set", positionals, ["guild>[/<agent", "NAME"]);
  const value = await secretValue(values["from-env"], environment);
  const summary = await withAdminStore(environment, async (store) => {
    const owner: SecretOwner = ownerName.includes("/")
      ? { scope: "agent", agentId: (await findAgent(store, ownerName)).id }
      : { scope: "guild", guildId: (await findGuild(store, ownerName)).id };
    return store.secrets.set(owner, { name, value });
  });
  await writeOut(process.stdout, `set secret ${summary.name} of ${summary.scope} ${ownerName}\n`);
  return EXIT_OK;
}

async function secretValue(variable: string | undefined, environment: NodeJS.ProcessEnv): Promise<string> {
  if (variable !== undefined) {
    const value = environment[variable];
    if (value === undefined || value === "") {
      throw new UsageError(`--from-env ${variable}: the variable ${variable} is not set; export it first.`);
    }
    return value;
  }
  if (process.stdin.isTTY) process.stderr.write("Type the value, then Enter and Ctrl-D:\n");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  // One trailing newline is the echo's or the terminal's, not the secret's.
  const value = Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
  if (value === "") {
    throw new UsageError(
      'the secret\'s value is empty: pipe it in (printf %s "$VALUE" | guilds secret set ...) or pass --from-env VAR.',
    );
  }
  return value;
}
