import { withAdminStore } from "./adminStore.ts";
import { parseCommandArgs, takePositionals } from "./commandArgs.ts";
import { EXIT_OK, UsageError } from "./usage.ts";
import { writeOut } from "./writeOut.ts";

/** guilds token create <name>: prints the token once, on stdout alone (only its hash is kept). */
export async function runTokenCommand(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const [action, ...rest] = argv;
  if (action !== "create") throw new UsageError("token takes create <name>.");
  const { positionals } = parseCommandArgs("token create", rest, {});
  const [name = ""] = takePositionals("token create", positionals, ["name"]);
  const { token } = await withAdminStore(environment, (store) => store.tokens.create(name));
  await writeOut(process.stdout, `${token}\n`);
  await writeOut(
    process.stderr,
    `This is token ${name}, shown once: keep it. Use it as GUILDS_TOKEN=<token> npx guilds run <agent> "<message>", or send Authorization: Bearer <token>.\n`,
  );
  return EXIT_OK;
}
