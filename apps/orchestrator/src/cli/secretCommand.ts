import { GuildsError } from "@guilds/protocol/guildsError";
import type { SecretOwner } from "../store/secretStore.ts";
import type { Store } from "../store/store.ts";
import { withAdminStore } from "./adminStore.ts";
import { parseCommandArgs, takePositionals } from "./commandArgs.ts";
import { findAgent, findGuild } from "./findByName.ts";
import { EXIT_OK } from "./usage.ts";
import { writeOut } from "./writeOut.ts";

const ACTIONS =
  "set <guild>[/<agent>] NAME [--from-env VAR], list <guild>[/<agent>] or delete <guild>[/<agent>] NAME";
const OWNER = "guild>[/<agent";

/** guilds secret set | list | delete: a guild's or an agent's secrets, by name; never a value shown. */
export async function runSecretCommand(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const [action, ...rest] = argv;
  if (action === "set") return setSecret(rest, environment);
  if (action === "list") return listSecrets(rest, environment);
  if (action === "delete") return deleteSecret(rest, environment);
  throw new GuildsError("cli.usage", `secret takes ${ACTIONS}.`);
}

/**
 * The value comes from stdin or from a variable, never from the command line, where other users and
 * the shell's history would see it.
 */
async function setSecret(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseCommandArgs("secret set", argv, { "from-env": { type: "string" } });
  const [ownerName = "", name = ""] = takePositionals("secret set", positionals, [OWNER, "NAME"]);
  const value = await secretValue(values["from-env"], environment);
  const summary = await withAdminStore(environment, async (store) =>
    store.secrets.set(await ownerOf(store, ownerName), { name, value }),
  );
  await writeOut(process.stdout, `set secret ${summary.name} of ${summary.scope} ${ownerName}\n`);
  return EXIT_OK;
}

async function listSecrets(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const { positionals } = parseCommandArgs("secret list", argv, {});
  const [ownerName = ""] = takePositionals("secret list", positionals, [OWNER]);
  const secrets = await withAdminStore(environment, async (store) =>
    store.secrets.list(await ownerOf(store, ownerName)),
  );
  const lines = secrets.map(
    (secret) =>
      `${secret.name}\t${secret.aliases.length === 0 ? "no aliases" : `aliases ${secret.aliases.join(", ")}`}\tupdated ${secret.updatedAt}\n`,
  );
  await writeOut(
    process.stdout,
    lines.join("") || `no secrets of ${ownerName} yet: guilds secret set ${ownerName} NAME\n`,
  );
  return EXIT_OK;
}

async function deleteSecret(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const { positionals } = parseCommandArgs("secret delete", argv, {});
  const [ownerName = "", name = ""] = takePositionals("secret delete", positionals, [OWNER, "NAME"]);
  const scope = await withAdminStore(environment, async (store) => {
    const owner = await ownerOf(store, ownerName);
    const secret = (await store.secrets.list(owner)).find((candidate) => candidate.name === name);
    if (secret === undefined) {
      throw new GuildsError(
        "cli.usage",
        `${ownerName} has no secret "${name}"; \`guilds secret list ${ownerName}\` lists them.`,
      );
    }
    await store.secrets.delete(secret.id);
    return secret.scope;
  });
  await writeOut(process.stdout, `deleted secret ${name} of ${scope} ${ownerName}\n`);
  return EXIT_OK;
}

/** <guild>/<agent> names an agent, <guild> a guild. */
async function ownerOf(store: Store, ownerName: string): Promise<SecretOwner> {
  return ownerName.includes("/")
    ? { scope: "agent", agentId: (await findAgent(store, ownerName)).id }
    : { scope: "guild", guildId: (await findGuild(store, ownerName)).id };
}

async function secretValue(variable: string | undefined, environment: NodeJS.ProcessEnv): Promise<string> {
  if (variable !== undefined) {
    const value = environment[variable];
    if (value === undefined || value === "") {
      throw new GuildsError(
        "cli.usage",
        `--from-env ${variable}: the variable ${variable} is not set; export it first.`,
      );
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
    throw new GuildsError(
      "cli.usage",
      'the secret\'s value is empty: pipe it in (printf %s "$VALUE" | guilds secret set ...) or pass --from-env VAR.',
    );
  }
  return value;
}
