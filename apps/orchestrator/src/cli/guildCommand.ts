import { GuildsError } from "@guilds/protocol/guildsError";
import { deleteGuild } from "../deletion/deleteGuild.ts";
import { describeDeletion } from "../deletion/deletion.ts";
import { withAdminStore } from "./adminStore.ts";
import { parseCommandArgs, takePositionals } from "./commandArgs.ts";
import { findGuild } from "./findByName.ts";
import { EXIT_OK } from "./usage.ts";
import { writeOut } from "./writeOut.ts";

/** guilds guild create <name> | list | delete <guild> */
export async function runGuildCommand(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const [action, ...rest] = argv;
  const { positionals } = parseCommandArgs(`guild ${action ?? ""}`.trim(), rest, {});
  if (action === "create") {
    const [name = ""] = takePositionals("guild create", positionals, ["name"]);
    const guild = await withAdminStore(environment, (store) => store.guilds.create({ name }));
    await writeOut(process.stdout, `created guild ${guild.name} (${guild.id})\n`);
    return EXIT_OK;
  }
  if (action === "list") {
    takePositionals("guild list", positionals, []);
    const guilds = await withAdminStore(environment, (store) => store.guilds.list());
    const lines = guilds.map((guild) => `${guild.name}\t${guild.id}\n`).join("");
    await writeOut(process.stdout, lines || "no guilds yet: guilds guild create <name>\n");
    return EXIT_OK;
  }
  if (action === "delete") {
    const [name = ""] = takePositionals("guild delete", positionals, ["guild"]);
    const deletion = await withAdminStore(environment, async (store) =>
      deleteGuild(store, (await findGuild(store, name)).id),
    );
    await writeOut(process.stdout, describeDeletion(deletion));
    return EXIT_OK;
  }
  throw new GuildsError("cli.usage", "guild takes create <name>, list or delete <guild>.");
}
