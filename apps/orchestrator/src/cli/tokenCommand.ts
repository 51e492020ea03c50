import { GuildsError } from "@guilds/protocol/guildsError";
import { withAdminStore } from "./adminStore.ts";
import { parseCommandArgs, takePositionals } from "./commandArgs.ts";
import { EXIT_OK } from "./usage.ts";
import { writeOut } from "./writeOut.ts";

/** guilds token create <name> | list | revoke <name>: the operators' API tokens (only hashes are kept). */
export async function runTokenCommand(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const [action, ...rest] = argv;
  const { positionals } = parseCommandArgs(`token ${action ?? ""}`.trim(), rest, {});
  if (action === "create") return createToken(positionals, environment);
  if (action === "list") return listTokens(positionals, environment);
  if (action === "revoke") return revokeToken(positionals, environment);
  throw new GuildsError("cli.usage", "token takes create <name>, list or revoke <name>.");
}

/** Prints the token once, on stdout alone. */
async function createToken(positionals: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const [name = ""] = takePositionals("token create", positionals, ["name"]);
  const { token } = await withAdminStore(environment, (store) => store.tokens.create(name));
  await writeOut(process.stdout, `${token}\n`);
  await writeOut(
    process.stderr,
    `This is token ${name}, shown once: keep it. Use it as GUILDS_TOKEN=<token> npx guilds run <agent> "<message>", or send Authorization: Bearer <token>.\n`,
  );
  return EXIT_OK;
}

/** Names and dates: the tokens themselves were never kept. */
async function listTokens(positionals: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  takePositionals("token list", positionals, []);
  const tokens = await withAdminStore(environment, (store) => store.tokens.list());
  const lines = tokens.map(
    (token) => `${token.name}\tcreated ${token.createdAt}\tlast used ${token.lastUsedAt ?? "never"}\n`,
  );
  await writeOut(process.stdout, lines.join("") || "no tokens yet: guilds token create <name>\n");
  return EXIT_OK;
}

/** The API checks the token at every request: a revoked one is refused from the next request on. */
async function revokeToken(positionals: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const [name = ""] = takePositionals("token revoke", positionals, ["name"]);
  await withAdminStore(environment, async (store) => {
    const tokens = await store.tokens.list();
    if (!tokens.some((token) => token.name === name)) {
      throw new GuildsError("cli.usage", `there is no token "${name}"; \`guilds token list\` lists them.`);
    }
    await store.tokens.revoke(name);
  });
  await writeOut(process.stdout, `revoked token ${name}: the API refuses it from now on\n`);
  return EXIT_OK;
}
