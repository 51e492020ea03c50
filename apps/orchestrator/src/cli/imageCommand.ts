import { GuildsError } from "@guilds/protocol/guildsError";
import { buildSandboxImageFromBase } from "../images/baseImageBuild.ts";
import { connectEngine, describeEngineAddress, engineAddress } from "../images/containerEngine.ts";
import { buildSandboxImage } from "../images/sandboxImage.ts";
import { parseCommandArgs } from "./commandArgs.ts";
import { EXIT_OK } from "./usage.ts";
import { writeOut } from "./writeOut.ts";

/**
 * guilds image build [--socket <path>] [--tag <name:tag>] [--base <image>]: the sandbox image of the
 * docker machine provider, built offline from Debian's packages and imported into the engine, or with
 * --base made from an image already on the engine. Progress goes to stderr, the image's name:tag to
 * stdout.
 */
export async function runImageCommand(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const [action, ...rest] = argv;
  if (action !== "build")
    throw new GuildsError(
      "cli.usage",
      "image takes build [--socket <path>] [--tag <name:tag>] [--base <image>].",
    );
  const { values, positionals } = parseCommandArgs("image build", rest, {
    socket: { type: "string" },
    tag: { type: "string" },
    base: { type: "string" },
  });
  if (positionals.length > 0) {
    throw new GuildsError("cli.usage", `image build takes no arguments, got ${positionals.join(" ")}.`);
  }
  const address = engineAddress(environment, values.socket);
  const docker = await connectEngine(address);
  const say = (line: string) => {
    process.stderr.write(`image: ${line}\n`);
  };
  say(`the engine answers on ${describeEngineAddress(address)}`);
  const tag = values.tag ? { tag: values.tag } : {};
  const built = values.base
    ? await buildSandboxImageFromBase({ docker, base: values.base, progress: say, ...tag })
    : await buildSandboxImage({ docker, progress: say, ...tag });
  await writeOut(process.stdout, `${built.tag}\n`);
  return EXIT_OK;
}
