import { GuildsError } from "@guilds/protocol/guildsError";
import type { Store } from "../store/store.ts";
import type { TokenScope } from "../store/tokenStore.ts";
import { withAdminStore } from "./adminStore.ts";
import { parseCommandArgs, takePositionals } from "./commandArgs.ts";
import { findAgent, findGuild } from "./findByName.ts";
import { EXIT_OK } from "./usage.ts";
import { writeOut } from "./writeOut.ts";

const SCOPE_OPTIONS = { guild: { type: "string" }, agent: { type: "string" } } as const;

/**
 * guilds token create <name> [--guild G | --agent G/A] | list | revoke <name>: the API's bearer tokens
 * (only hashes are kept); a guild's or an agent's sees and acts only within it.
 */
export async function runTokenCommand(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const [action, ...rest] = argv;
  if (action === "create") {
    const { values, positionals } = parseCommandArgs("token create", rest, SCOPE_OPTIONS);
    return createToken(positionals, values, environment);
  }
  const { positionals } = parseCommandArgs(`token ${action ?? ""}`.trim(), rest, {});
  if (action === "list") return listTokens(positionals, environment);
  if (action === "revoke") return revokeToken(positionals, environment);
  throw new GuildsError(
    "cli.usage",
    "token takes create <name> [--guild <guild> | --agent <guild>/<agent>], list or revoke <name>.",
  );
}

/** Prints the token once, on stdout alone. */
async function createToken(
  positionals: string[],
  scope: { guild?: string | undefined; agent?: string | undefined },
  environment: NodeJS.ProcessEnv,
): Promise<number> {
  const [name = ""] = takePositionals("token create", positionals, ["name"]);
  if (scope.guild !== undefined && scope.agent !== undefined) {
    throw new GuildsError(
      "cli.usage",
      "token create takes --guild or --agent, not both: an agent's token is within its guild already.",
    );
  }
  const { token, scopeDescribed } = await withAdminStore(environment, async (store) => {
    const created = await store.tokens.create(name, await scopeNamed(store, scope));
    return { token: created.token, scopeDescribed: await describeScope(store, created.record.scope) };
  });
  await writeOut(process.stdout, `${token}\n`);
  await writeOut(
    process.stderr,
    `This is token ${name} (${scopeDescribed}), shown once: keep it. Use it as GUILDS_TOKEN=<token> npx guilds run <agent> "<message>", or send Authorization: Bearer <token>.\n`,
  );
  return EXIT_OK;
}

async function scopeNamed(
  store: Store,
  scope: { guild?: string | undefined; agent?: string | undefined },
): Promise<TokenScope> {
  if (scope.agent !== undefined) {
    const agent = await findAgent(store, scope.agent);
    return { kind: "agent", guildId: agent.guildId, agentId: agent.id };
  }
  if (scope.guild !== undefined) return { kind: "guild", guildId: (await findGuild(store, scope.guild)).id };
  return { kind: "operator" };
}

/** "everything (an operator's)", "guild acme only", "agent acme/coder only". */
async function describeScope(store: Store, scope: TokenScope): Promise<string> {
  if (scope.kind === "operator") return "everything (an operator's)";
  const guild = await store.guilds.get(scope.guildId);
  if (scope.kind === "guild") return `guild ${guild.name} only`;
  return `agent ${guild.name}/${(await store.agents.get(scope.agentId)).name} only`;
}

/** Names and dates: the tokens themselves were never kept. */
async function listTokens(positionals: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  takePositionals("token list", positionals, []);
  const lines = await withAdminStore(environment, async (store) => {
    const described: string[] = [];
    for (const token of await store.tokens.list()) {
      const scope = await describeScope(store, token.scope);
      described.push(
        `${token.name}\t${scope}\tcreated ${token.createdAt}\tlast used ${token.lastUsedAt ?? "never"}\n`,
      );
    }
    return described;
  });
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
