import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import { deleteRepository } from "../deletion/deleteRepository.ts";
import { describeDeletion } from "../deletion/deletion.ts";
import type { RepositorySource } from "../store/repositoryStore.ts";
import { withAdminStore } from "./adminStore.ts";
import { parseCommandArgs, takePositionals } from "./commandArgs.ts";
import { findGuild, findRepository } from "./findByName.ts";
import { EXIT_OK } from "./usage.ts";
import { writeOut } from "./writeOut.ts";

const ACTIONS = "add <guild> <name> <url-or-path> [--token-env VAR], list <guild> or delete <guild> <name>";

/** guilds repo add <guild> <name> <url-or-path> [--token-env VAR] | list <guild> | delete <guild> <name> */
export async function runRepoCommand(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const [action, ...rest] = argv;
  if (action === "add") return addRepository(rest, environment);
  if (action === "list") return listRepositories(rest, environment);
  if (action === "delete") return removeRepository(rest, environment);
  throw new GuildsError("cli.usage", `repo takes ${ACTIONS}.`);
}

async function addRepository(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseCommandArgs("repo add", argv, { "token-env": { type: "string" } });
  const [guildName = "", name = "", location = ""] = takePositionals("repo add", positionals, [
    "guild",
    "name",
    "url-or-path",
  ]);
  const source = sourceOf(location, tokenFrom(values["token-env"], environment));
  const repository = await withAdminStore(environment, async (store) => {
    const guild = await findGuild(store, guildName);
    return store.repositories.create({ guildId: guild.id, name, ...source });
  });
  const where = repository.url ?? repository.localPath ?? "";
  await writeOut(
    process.stdout,
    `added repository ${repository.name} (${repository.id}): ${where}${repository.hasToken ? " with a token" : ""}\n`,
  );
  return EXIT_OK;
}

async function listRepositories(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const { positionals } = parseCommandArgs("repo list", argv, {});
  const [guildName = ""] = takePositionals("repo list", positionals, ["guild"]);
  const repositories = await withAdminStore(environment, async (store) =>
    store.repositories.list((await findGuild(store, guildName)).id),
  );
  const lines = repositories.map(
    (repository) =>
      `${repository.name}\t${repository.id}\t${repository.url ?? repository.localPath ?? ""}${repository.hasToken ? "\twith a token" : ""}\n`,
  );
  await writeOut(
    process.stdout,
    lines.join("") ||
      `no repositories in ${guildName} yet: guilds repo add ${guildName} <name> <url-or-path>\n`,
  );
  return EXIT_OK;
}

async function removeRepository(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const { positionals } = parseCommandArgs("repo delete", argv, {});
  const [guildName = "", name = ""] = takePositionals("repo delete", positionals, ["guild", "name"]);
  const deletion = await withAdminStore(environment, async (store) =>
    deleteRepository(store, (await findRepository(store, guildName, name)).id),
  );
  await writeOut(process.stdout, describeDeletion(deletion));
  return EXIT_OK;
}

/** A git remote (scheme://… or user@host:path); anything else is a folder on this host. */
function sourceOf(location: string, token: string | undefined): RepositorySource {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(location) || /^[\w.-]+@[\w.-]+:/.test(location)) {
    return token === undefined ? { url: location } : { url: location, token };
  }
  if (token !== undefined) {
    throw new GuildsError(
      "cli.usage",
      `--token-env is for a git URL; ${location} is a local path, which needs no token.`,
    );
  }
  return { localPath: path.resolve(location) };
}

/** The token travels in an environment variable, never on the command line (ps shows argv). */
function tokenFrom(variable: string | undefined, environment: NodeJS.ProcessEnv): string | undefined {
  if (variable === undefined) return undefined;
  const value = environment[variable];
  if (value === undefined || value === "") {
    throw new GuildsError(
      "cli.usage",
      `--token-env ${variable}: the variable ${variable} is not set; export it first.`,
    );
  }
  return value;
}
