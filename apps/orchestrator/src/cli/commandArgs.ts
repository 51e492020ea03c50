import { type ParseArgsConfig, parseArgs } from "node:util";
import { GuildsError } from "@guilds/protocol/guildsError";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** parseArgs with positionals, whose every complaint is a cli.usage GuildsError naming the command. */
export function parseCommandArgs<T extends Options>(command: string, argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (caught) {
    throw new GuildsError(
      "cli.usage",
      `${command}: ${caught instanceof Error ? caught.message : String(caught)}`,
    );
  }
}

/** Exactly the positionals named in `usage` (e.g. "<guild> <name>"), or a cli.usage GuildsError showing it. */
export function takePositionals(command: string, positionals: string[], names: string[]): string[] {
  if (positionals.length === names.length) return positionals;
  const usage = `guilds ${command} ${names.map((name) => `<${name}>`).join(" ")}`;
  throw new GuildsError(
    "cli.usage",
    positionals.length < names.length
      ? `${command} needs ${names.length === 1 ? "an argument" : `${names.length} arguments`}: ${usage}.`
      : `${command} takes ${names.length} argument${names.length === 1 ? "" : "s"}, got ${positionals.length}: ${usage} (quote a value with spaces).`,
  );
}
